import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { REGIONS, seedRegions } from '../../src/db/regions.ts';
import { districts, regions } from '../../src/db/schema/index.ts';
import { openTestDatabase } from '../helpers/database.ts';

describe('the regions reference data', () => {
  it('has Karakalpakstan, the twelve viloyats and Tashkent city with its 12 districts', () => {
    expect(REGIONS).toHaveLength(14);
    expect(REGIONS.filter((r) => r.nameUz.endsWith(' viloyati'))).toHaveLength(12);
    expect(REGIONS.find((r) => r.slug === 'toshkent-shahri')?.districts).toHaveLength(12);
    const total = REGIONS.reduce((sum, r) => sum + r.districts.length, 0);
    expect(total).toBeGreaterThanOrEqual(200);
  });

  it('names every district or city in both languages under a key unique in its region', () => {
    for (const region of REGIONS) {
      const keys = region.districts.map(([slug]) => slug);
      expect(new Set(keys).size, region.slug).toBe(keys.length);
      for (const [slug, nameUz, nameRu] of region.districts) {
        expect(slug).toMatch(/^[a-z]+(-[a-z]+)*$/);
        expect(nameUz).toMatch(/ (tumani|shahri)$/);
        expect(nameRu).toMatch(/^[А-ЯЁ][А-ЯЁа-яё-]+( район)?$/);
      }
    }
    expect(new Set(REGIONS.map((r) => r.slug)).size).toBe(14);
  });
});

describe('seedRegions', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('is already written by the database preparation and changes nothing when run again', async () => {
    const before = await database.db.select().from(districts);
    expect(before.length).toBe(REGIONS.reduce((sum, r) => sum + r.districts.length, 0));
    await seedRegions(database.db);
    expect(await database.db.select().from(districts)).toEqual(before);
  });

  it('restores a changed name in place, keeping the id saved addresses point at', async () => {
    const [region] = await database.db
      .update(regions)
      .set({ nameRu: 'Самарканд' })
      .where(eq(regions.slug, 'samarqand'))
      .returning();
    await seedRegions(database.db);
    const [after] = await database.db.select().from(regions).where(eq(regions.id, region!.id));
    expect(after).toMatchObject({ slug: 'samarqand', nameRu: 'Самаркандская область' });
    expect(await database.db.select().from(regions)).toHaveLength(14);
  });
});
