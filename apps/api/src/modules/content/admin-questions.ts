/** Frequently asked questions in the back office (issue 23). */
import type { AdminQuestion, QuestionBody, QuestionPatch } from '@bozor/shared';
import { asc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { questions } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/errors.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import { nextPosition, reorder } from './admin-order.ts';

type QuestionRow = typeof questions.$inferSelect;

const toAdmin = (row: QuestionRow): AdminQuestion => ({
  id: row.id,
  question_uz: row.questionUz,
  question_ru: row.questionRu,
  answer_uz: row.answerUz,
  answer_ru: row.answerRu,
  position: row.position,
  is_published: row.isPublished,
});

const columnsOf = (body: QuestionPatch) => ({
  questionUz: body.question_uz,
  questionRu: body.question_ru,
  answerUz: body.answer_uz,
  answerRu: body.answer_ru,
  isPublished: body.is_published,
});

export async function listQuestions(db: Executor): Promise<AdminQuestion[]> {
  const rows = await db
    .select()
    .from(questions)
    .orderBy(asc(questions.position), asc(questions.id));
  return rows.map(toAdmin);
}

async function lockQuestion(tx: Executor, id: number): Promise<QuestionRow> {
  const [row] = await tx.select().from(questions).where(eq(questions.id, id)).for('update');
  if (!row) throw notFound('QUESTION_NOT_FOUND');
  return row;
}

export function createQuestion(
  db: Database,
  body: QuestionBody,
  actor: Actor,
): Promise<AdminQuestion> {
  return inTransaction(db, async (tx) => {
    const position = await nextPosition(tx, 'question');
    const [row] = await tx
      .insert(questions)
      .values({ ...(columnsOf(body) as typeof questions.$inferInsert), position })
      .returning();
    const question = toAdmin(row!);
    await recordAudit(tx, actor, {
      action: 'question.create',
      objectType: 'question',
      objectId: question.id,
      after: question,
    });
    return question;
  });
}

export function updateQuestion(
  db: Database,
  id: number,
  body: QuestionPatch,
  actor: Actor,
): Promise<AdminQuestion> {
  return inTransaction(db, async (tx) => {
    const before = await lockQuestion(tx, id);
    const [after] = await tx
      .update(questions)
      .set(columnsOf(body))
      .where(eq(questions.id, id))
      .returning();
    const question = toAdmin(after!);
    await recordAudit(tx, actor, {
      action: 'question.update',
      objectType: 'question',
      objectId: id,
      before: toAdmin(before),
      after: question,
    });
    return question;
  });
}

export function deleteQuestion(db: Database, id: number, actor: Actor): Promise<void> {
  return inTransaction(db, async (tx) => {
    const before = await lockQuestion(tx, id);
    await tx.delete(questions).where(eq(questions.id, id));
    await recordAudit(tx, actor, {
      action: 'question.delete',
      objectType: 'question',
      objectId: id,
      before: toAdmin(before),
    });
  });
}

export async function reorderQuestions(
  db: Database,
  ids: number[],
  actor: Actor,
): Promise<AdminQuestion[]> {
  await inTransaction(db, async (tx) => {
    const order = await reorder(tx, 'question', ids);
    await recordAudit(tx, actor, {
      action: 'question.reorder',
      objectType: 'question',
      objectId: 'order',
      before: order.before,
      after: order.after,
    });
  });
  return listQuestions(db);
}
