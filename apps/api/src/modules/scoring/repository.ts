import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  credits,
  customers,
  guarantors,
  relativeTypes,
  scoringProfiles,
} from '../../db/schema/index.ts';

/** The credits of a customer that still hold part of the limit. */
export function listOwingCredits(db: Executor, customerId: number) {
  return db
    .select({ id: credits.id, financed: credits.financed })
    .from(credits)
    .where(
      and(
        eq(credits.customerId, customerId),
        inArray(credits.status, ['not_signed', 'active', 'overdue']),
      ),
    );
}

export async function findProfile(db: Executor, customerId: number) {
  const [row] = await db
    .select()
    .from(scoringProfiles)
    .where(eq(scoringProfiles.customerId, customerId));
  return row;
}

/** Another customer's profile with the same PINFL, found by its keyed hash. */
/** Whether another customer saved the PINFL of these hashes (one per secret of the key ring). */
export async function pinflTakenByOther(db: Executor, customerId: number, pinflHashes: string[]) {
  const [row] = await db
    .select({ id: scoringProfiles.customerId })
    .from(scoringProfiles)
    .where(
      and(
        inArray(scoringProfiles.pinflHash, pinflHashes),
        ne(scoringProfiles.customerId, customerId),
      ),
    );
  return row !== undefined;
}

export async function saveProfile(
  db: Executor,
  customerId: number,
  values: Partial<typeof scoringProfiles.$inferInsert>,
) {
  await db
    .insert(scoringProfiles)
    .values({ customerId, ...values })
    .onConflictDoUpdate({
      target: scoringProfiles.customerId,
      set: { ...values, updatedAt: sql`now()` },
    });
}

export async function markIdentified(db: Executor, customerId: number) {
  await db.update(customers).set({ isIdentified: true }).where(eq(customers.id, customerId));
}

export async function markScored(db: Executor, customerId: number) {
  await db.update(customers).set({ isScoring: true }).where(eq(customers.id, customerId));
}

export function listRelativeTypes(db: Executor) {
  return db.select().from(relativeTypes).orderBy(asc(relativeTypes.id));
}

export async function relativeTypeExists(db: Executor, id: number) {
  const [row] = await db
    .select({ id: relativeTypes.id })
    .from(relativeTypes)
    .where(eq(relativeTypes.id, id));
  return row !== undefined;
}

export function listGuarantors(db: Executor, customerId: number) {
  return db
    .select({
      id: guarantors.id,
      fullName: guarantors.fullName,
      phone: guarantors.phone,
      relativeTypeId: relativeTypes.id,
      nameUz: relativeTypes.nameUz,
      nameRu: relativeTypes.nameRu,
    })
    .from(guarantors)
    .innerJoin(relativeTypes, eq(relativeTypes.id, guarantors.relativeTypeId))
    .where(eq(guarantors.customerId, customerId))
    .orderBy(asc(guarantors.id));
}

export async function countGuarantors(db: Executor, customerId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(guarantors)
    .where(eq(guarantors.customerId, customerId));
  return Number(row?.n ?? 0);
}

/** Adds a contact person; undefined when the customer already has one with that phone. */
export async function insertGuarantor(db: Executor, values: typeof guarantors.$inferInsert) {
  const [row] = await db.insert(guarantors).values(values).onConflictDoNothing().returning();
  return row;
}

export async function deleteGuarantor(db: Executor, customerId: number, id: number) {
  const rows = await db
    .delete(guarantors)
    .where(and(eq(guarantors.customerId, customerId), eq(guarantors.id, id)))
    .returning({ id: guarantors.id });
  return rows.length > 0;
}

/** Serialises a customer's scoring writes: the guarantor count and the decision are read under it. */
export async function lockCustomer(db: Executor, customerId: number) {
  await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
}
