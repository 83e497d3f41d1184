import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  banners,
  branches,
  contents,
  partnerApplications,
  questions,
} from '../../db/schema/index.ts';

/** A published page; a draft is not found. */
export async function findContent(db: Executor, slug: string) {
  const [row] = await db
    .select()
    .from(contents)
    .where(and(eq(contents.slug, slug), eq(contents.isPublished, true)))
    .limit(1);
  return row;
}

/** Switched-on banners whose dates include `now`. */
export function listBanners(db: Executor, now: Date) {
  return db
    .select()
    .from(banners)
    .where(
      and(
        eq(banners.isActive, true),
        or(isNull(banners.startsAt), lte(banners.startsAt, now)),
        or(isNull(banners.endsAt), gt(banners.endsAt, now)),
      ),
    )
    .orderBy(asc(banners.position), asc(banners.id));
}

export function listQuestions(db: Executor) {
  return db
    .select()
    .from(questions)
    .where(eq(questions.isPublished, true))
    .orderBy(asc(questions.position), asc(questions.id));
}

export function listBranches(db: Executor) {
  return db
    .select()
    .from(branches)
    .where(eq(branches.isPublished, true))
    .orderBy(asc(branches.position), asc(branches.id));
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
