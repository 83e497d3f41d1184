import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  banners,
  branches,
  contents,
  partnerApplications,
  questions,
} from '../../db/schema/index.ts';

export async function findContent(db: Executor, slug: string) {
  const [row] = await db.select().from(contents).where(eq(contents.slug, slug)).limit(1);
  return row;
}

export function listBanners(db: Executor) {
  return db
    .select()
    .from(banners)
    .where(eq(banners.isActive, true))
    .orderBy(asc(banners.position), asc(banners.id));
}

export function listQuestions(db: Executor) {
  return db.select().from(questions).orderBy(asc(questions.position), asc(questions.id));
}

export function listBranches(db: Executor) {
  return db.select().from(branches).orderBy(asc(branches.position), asc(branches.id));
}

export async function insertPartnerApplication(
  db: Executor,
  application: typeof partnerApplications.$inferInsert,
) {
  const [row] = await db
    .insert(partnerApplications)
    .values(application)
    .returning({ id: partnerApplications.id });
  return row!;
}
