import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { deliveryRates, districts, regions } from '../../db/schema/index.ts';

export type RateRow = typeof deliveryRates.$inferSelect;

const rateColumns = {
  rate: deliveryRates,
  regionUz: regions.nameUz,
  regionRu: regions.nameRu,
  districtUz: districts.nameUz,
  districtRu: districts.nameRu,
};

function selectRates(db: Executor) {
  return db
    .select(rateColumns)
    .from(deliveryRates)
    .leftJoin(regions, eq(regions.id, deliveryRates.regionId))
    .leftJoin(districts, eq(districts.id, deliveryRates.districtId));
}

export type NamedRate = Awaited<ReturnType<typeof selectRates>>[number];

/**
 * The rate a courier delivers to the district by: the district's own where it has one, else its
 * region's. The district counts only inside its region.
 */
export async function findCourierRate(
  db: Executor,
  regionId: number,
  districtId: number | null,
): Promise<NamedRate | undefined> {
  const [row] = await selectRates(db)
    .where(
      and(
        eq(deliveryRates.regionId, regionId),
        districtId === null
          ? isNull(deliveryRates.districtId)
          : sql`(${deliveryRates.districtId} = ${districtId} or ${deliveryRates.districtId} is null)`,
      ),
    )
    .orderBy(sql`${deliveryRates.districtId} is null`)
    .limit(1);
  return row;
}

export async function findPickupRate(db: Executor): Promise<NamedRate | undefined> {
  const [row] = await selectRates(db).where(isNull(deliveryRates.regionId)).limit(1);
  return row;
}

/** Pick-up first, then the regions by name, each followed by its districts' own rates. */
export function listRates(db: Executor) {
  return selectRates(db).orderBy(
    sql`${deliveryRates.regionId} is not null`,
    sql`${regions.slug} <> 'toshkent-shahri'`,
    asc(regions.nameUz),
    sql`${deliveryRates.districtId} is not null`,
    asc(districts.nameUz),
  );
}

export async function findRate(db: Executor, id: number): Promise<NamedRate | undefined> {
  const [row] = await selectRates(db).where(eq(deliveryRates.id, id));
  return row;
}

export async function lockRate(tx: Transaction, id: number): Promise<RateRow | undefined> {
  const [row] = await tx.select().from(deliveryRates).where(eq(deliveryRates.id, id)).for('update');
  return row;
}

export interface RateTerms {
  courierFee: number;
  freeFrom: number | null;
  days: number;
  cutoffHour: number;
  bulkyFee: number;
  bulkyExtraDays: number;
}

export async function updateRate(tx: Transaction, id: number, terms: RateTerms): Promise<void> {
  await tx
    .update(deliveryRates)
    .set({ ...terms, updatedAt: sql`now()` })
    .where(eq(deliveryRates.id, id));
}

/** A district's own rate; undefined when the district has one already. */
export async function insertDistrictRate(
  tx: Transaction,
  place: { regionId: number; districtId: number },
  terms: RateTerms,
): Promise<number | undefined> {
  const [row] = await tx
    .insert(deliveryRates)
    .values({ ...place, ...terms })
    .onConflictDoNothing()
    .returning({ id: deliveryRates.id });
  return row?.id;
}

export async function deleteRate(tx: Transaction, id: number): Promise<void> {
  await tx.delete(deliveryRates).where(eq(deliveryRates.id, id));
}

export async function districtInRegion(
  db: Executor,
  regionId: number,
  districtId: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: districts.id })
    .from(districts)
    .where(and(eq(districts.id, districtId), eq(districts.regionId, regionId)));
  return rows.length > 0;
}
