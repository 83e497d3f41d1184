/**
 * The delivery rates a new shop starts with (DESIGN §6c), for every region of db/regions.ts and
 * pick-up. The warehouse is in Tashkent: Tashkent city is cheapest and fastest, the Ferghana
 * valley and Samarkand a day or two further, Karakalpakstan the furthest. Bulky goods (KGT) go
 * by a freight courier: a fee of their own, never free, and a day or more on top. Staff change
 * them in the back office; what they change is kept. (Migration 0042 gave rates written before
 * it these same bulky terms.)
 */
import { and, eq } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { deliveryRates, districts, regions } from './schema/index.ts';

interface RateDef {
  courierFee: number;
  freeFrom: number | null;
  days: number;
  cutoffHour: number;
  bulkyFee: number;
  bulkyExtraDays: number;
}

const rate = (
  courierFee: number,
  freeFrom: number | null,
  days: number,
  bulky: [fee: number, extraDays: number],
  cutoffHour = 14,
): RateDef => ({
  courierFee,
  freeFrom,
  days,
  cutoffHour,
  bulkyFee: bulky[0],
  bulkyExtraDays: bulky[1],
});

/** By region slug; `districts` are the districts whose rate differs from the region's. */
export const DEFAULT_RATES: Readonly<
  Record<string, RateDef & { districts?: Readonly<Record<string, RateDef>> }>
> = {
  'toshkent-shahri': rate(20_000, 500_000, 1, [150_000, 1], 16),
  'toshkent-viloyati': {
    ...rate(30_000, 1_000_000, 2, [200_000, 1]),
    // the mountain villages of Bo'stonliq are a long way round
    districts: { bostonliq: rate(45_000, 1_500_000, 3, [250_000, 2]) },
  },
  sirdaryo: rate(35_000, 1_500_000, 2, [250_000, 2]),
  jizzax: rate(35_000, 1_500_000, 2, [250_000, 2]),
  samarqand: rate(35_000, 1_500_000, 2, [250_000, 2]),
  andijon: rate(40_000, 1_500_000, 3, [300_000, 2]),
  namangan: rate(40_000, 1_500_000, 3, [300_000, 2]),
  fargona: rate(40_000, 1_500_000, 3, [300_000, 2]),
  qashqadaryo: rate(45_000, 2_000_000, 3, [300_000, 2]),
  navoiy: rate(45_000, 2_000_000, 3, [300_000, 2]),
  buxoro: rate(45_000, 2_000_000, 3, [300_000, 2]),
  surxondaryo: rate(50_000, 2_000_000, 4, [350_000, 3], 12),
  xorazm: rate(55_000, 2_500_000, 4, [350_000, 3], 12),
  qoraqalpogiston: {
    ...rate(60_000, 2_500_000, 5, [400_000, 3], 12),
    districts: { moynoq: rate(80_000, null, 7, [450_000, 4], 12) },
  },
};

/**
 * Pick-up at a branch: free, ready the next day when ordered before 18:00; bulky goods a day
 * later, brought from the warehouse.
 */
export const DEFAULT_PICKUP = rate(0, null, 1, [0, 1], 18);

/** A region the table above does not name (added to db/regions.ts later) gets this. */
const FALLBACK = rate(50_000, 2_000_000, 4, [350_000, 3], 12);

/**
 * Writes the pick-up rate and each region's rate where it has none; a district's own rate only
 * with its region's first rate, so one staff removed is not brought back at the next start.
 */
export async function seedDeliveryRates(db: Executor): Promise<{ added: number }> {
  let added = 0;
  const pickup = await db
    .insert(deliveryRates)
    .values({ regionId: null, districtId: null, ...DEFAULT_PICKUP })
    .onConflictDoNothing()
    .returning({ id: deliveryRates.id });
  added += pickup.length;
  const all = await db.select({ id: regions.id, slug: regions.slug }).from(regions);
  const inserted = await db
    .insert(deliveryRates)
    .values(all.map((r) => ({ regionId: r.id, ...(DEFAULT_RATES[r.slug] ?? FALLBACK) })))
    .onConflictDoNothing()
    .returning({ regionId: deliveryRates.regionId });
  added += inserted.length;
  const fresh = new Set(inserted.map((row) => row.regionId));
  for (const region of all) {
    const own = DEFAULT_RATES[region.slug]?.districts;
    if (!own || !fresh.has(region.id)) continue;
    for (const [slug, terms] of Object.entries(own)) {
      const [district] = await db
        .select({ id: districts.id })
        .from(districts)
        .where(and(eq(districts.regionId, region.id), eq(districts.slug, slug)));
      if (!district) continue;
      const rows = await db
        .insert(deliveryRates)
        .values({ regionId: region.id, districtId: district.id, ...terms })
        .onConflictDoNothing()
        .returning({ id: deliveryRates.id });
      added += rows.length;
    }
  }
  return { added };
}
