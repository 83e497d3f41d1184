/** The shop's text pages in the back office: drafts, sanitised HTML, new pages (issue 23). */
import type { AdminPage, AdminPageRow, Lang, NewPageBody, PagePatch } from '@bozor/shared';
import { asc, eq } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { Database, Executor } from '../../db/client.ts';
import { contents } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, fieldMessage, notFound } from '../../lib/errors.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import { PAGE_HTML } from './service.ts';

type PageRow = typeof contents.$inferSelect;

const toRow = (row: PageRow): AdminPageRow => ({
  slug: row.slug,
  title_uz: row.titleUz,
  title_ru: row.titleRu,
  is_published: row.isPublished,
  updated_at: row.updatedAt.toISOString(),
});

const toPage = (row: PageRow): AdminPage => ({
  ...toRow(row),
  body_uz: row.bodyUz,
  body_ru: row.bodyRu,
});

/** What is audited of a page: its texts and whether it is published. */
const audited = ({ updated_at: _at, ...page }: AdminPage) => page;

/**
 * A body as it is kept: only what the storefront draws (PAGE_HTML), so a pasted script or an
 * event handler never reaches the database; a body with no text left is refused.
 */
function cleanBodies(
  body: { body_uz?: string | undefined; body_ru?: string | undefined },
  lang: Lang,
): { bodyUz?: string; bodyRu?: string } {
  const errors: Record<string, string[]> = {};
  const clean = (field: 'body_uz' | 'body_ru') => {
    const html = body[field];
    if (html === undefined) return undefined;
    const kept = sanitizeHtml(html, PAGE_HTML).trim();
    if (sanitizeHtml(kept, { allowedTags: [], allowedAttributes: {} }).trim() === '') {
      errors[field] = [fieldMessage('field_required', lang)];
    }
    return kept;
  };
  const bodyUz = clean('body_uz');
  const bodyRu = clean('body_ru');
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_ERROR', 400, errors);
  return {
    ...(bodyUz !== undefined ? { bodyUz } : {}),
    ...(bodyRu !== undefined ? { bodyRu } : {}),
  };
}

export async function listPages(db: Executor): Promise<AdminPageRow[]> {
  const rows = await db.select().from(contents).orderBy(asc(contents.slug));
  return rows.map(toRow);
}

export async function getPage(db: Executor, slug: string): Promise<AdminPage> {
  const [row] = await db.select().from(contents).where(eq(contents.slug, slug));
  if (!row) throw notFound('PAGE_NOT_FOUND');
  return toPage(row);
}

export function createPage(
  db: Database,
  body: NewPageBody,
  actor: Actor,
  lang: Lang,
): Promise<AdminPage> {
  const bodies = cleanBodies(body, lang);
  return inTransaction(db, async (tx) => {
    const [taken] = await tx
      .select({ slug: contents.slug })
      .from(contents)
      .where(eq(contents.slug, body.slug));
    if (taken) {
      throw new AppError('PAGE_SLUG_TAKEN', 409, {
        slug: [fieldMessage('page_slug_invalid', lang)],
      });
    }
    const [row] = await tx
      .insert(contents)
      .values({
        slug: body.slug,
        titleUz: body.title_uz,
        titleRu: body.title_ru,
        bodyUz: bodies.bodyUz ?? '',
        bodyRu: bodies.bodyRu ?? '',
        isPublished: body.is_published,
      })
      .returning();
    const page = toPage(row!);
    await recordAudit(tx, actor, {
      action: 'page.create',
      objectType: 'page',
      objectId: page.slug,
      after: audited(page),
    });
    return page;
  });
}

export function updatePage(
  db: Database,
  slug: string,
  body: PagePatch,
  actor: Actor,
  lang: Lang,
): Promise<AdminPage> {
  const bodies = cleanBodies(body, lang);
  return inTransaction(db, async (tx) => {
    const [before] = await tx.select().from(contents).where(eq(contents.slug, slug)).for('update');
    if (!before) throw notFound('PAGE_NOT_FOUND');
    const [after] = await tx
      .update(contents)
      .set({
        titleUz: body.title_uz,
        titleRu: body.title_ru,
        ...bodies,
        isPublished: body.is_published,
        updatedAt: new Date(),
      })
      .where(eq(contents.slug, slug))
      .returning();
    const page = toPage(after!);
    await recordAudit(tx, actor, {
      action: 'page.update',
      objectType: 'page',
      objectId: slug,
      before: audited(toPage(before)),
      after: audited(page),
    });
    return page;
  });
}
