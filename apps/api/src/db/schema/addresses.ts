import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';

/** The Republic of Karakalpakstan, the twelve viloyats and Tashkent city; reference data of db/regions.ts. */
export const regions = pgTable(
  'regions',
  {
    id: serial('id').primaryKey(),
    /** Stable key of the reference data, so a corrected name updates the row instead of adding one. */
    slug: text('slug').notNull(),
    nameUz: text('name_uz').notNull(),
    nameRu: text('name_ru').notNull(),
  },
  (t) => [uniqueIndex('regions_slug_key').on(t.slug)],
);

/** Districts (tumanlar) and district-level cities of a region. */
export const districts = pgTable(
  'districts',
  {
    id: serial('id').primaryKey(),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    slug: text('slug').notNull(),
    nameUz: text('name_uz').notNull(),
    nameRu: text('name_ru').notNull(),
  },
  (t) => [
    uniqueIndex('districts_region_slug_key').on(t.regionId, t.slug),
    // the target of the addresses' (district, region) key: a district outside its region cannot be stored
    unique('districts_id_region_key').on(t.id, t.regionId),
  ],
);

/** A customer's saved delivery address; the one chosen last is the current one (SPEC §3). */
export const deliveryAddresses = pgTable(
  'delivery_addresses',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    districtId: integer('district_id').notNull(),
    /** Street and house. */
    address: text('address').notNull(),
    apartment: text('apartment'),
    landmark: text('landmark'),
    /** The recipient's phone: 998 and nine digits. */
    phone: text('phone').notNull(),
    /** Set when the address is added or made current; the list is ordered by it. */
    chosenAt: timestamp('chosen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'delivery_addresses_district_region_fk',
      columns: [t.districtId, t.regionId],
      foreignColumns: [districts.id, districts.regionId],
    }),
    index('delivery_addresses_customer_idx').on(t.customerId, t.chosenAt),
  ],
);

/**
 * What delivery costs and how long it takes (DESIGN §6c), owned by the delivery module. A row
 * with a region and no district is the region's courier rate (every region has one); with a
 * district too, that district's own rate in place of its region's; with neither, pick-up at a
 * branch (one row, always free). An order placed at or after `cutoff_hour` (Tashkent) counts
 * from the next day; it is promised `days` after the day it counts from. A basket holding bulky
 * goods pays `bulky_fee` (no threshold) and is promised `bulky_extra_days` later.
 */
export const deliveryRates = pgTable(
  'delivery_rates',
  {
    id: serial('id').primaryKey(),
    regionId: integer('region_id').references(() => regions.id),
    districtId: integer('district_id'),
    /** Whole sum; 0 for pick-up. */
    courierFee: bigint('courier_fee', { mode: 'number' }).notNull(),
    /** A basket of at least this sum goes free; null: never free. */
    freeFrom: bigint('free_from', { mode: 'number' }),
    days: smallint('days').notNull(),
    cutoffHour: smallint('cutoff_hour').notNull(),
    /** What a basket holding bulky goods pays instead of `courier_fee`, whatever its sum; 0 for pick-up. */
    bulkyFee: bigint('bulky_fee', { mode: 'number' }).notNull(),
    /** Days a basket holding bulky goods takes beyond `days`. */
    bulkyExtraDays: smallint('bulky_extra_days').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'delivery_rates_district_region_fk',
      columns: [t.districtId, t.regionId],
      foreignColumns: [districts.id, districts.regionId],
    }).onDelete('cascade'),
    // one rate per place: pick-up (0, 0), a region (id, 0), a district (region, id)
    uniqueIndex('delivery_rates_place_key').on(
      sql`coalesce(${t.regionId}, 0)`,
      sql`coalesce(${t.districtId}, 0)`,
    ),
    check('delivery_rates_place_check', sql`${t.districtId} is null or ${t.regionId} is not null`),
    check(
      'delivery_rates_pickup_check',
      sql`${t.regionId} is not null or (${t.courierFee} = 0 and ${t.freeFrom} is null and ${t.bulkyFee} = 0)`,
    ),
    check('delivery_rates_fee_check', sql`${t.courierFee} >= 0`),
    check('delivery_rates_free_from_check', sql`${t.freeFrom} > 0`),
    check('delivery_rates_days_check', sql`${t.days} between 0 and 30`),
    check('delivery_rates_cutoff_check', sql`${t.cutoffHour} between 0 and 24`),
    check('delivery_rates_bulky_fee_check', sql`${t.bulkyFee} >= 0`),
    check('delivery_rates_bulky_extra_days_check', sql`${t.bulkyExtraDays} between 0 and 30`),
  ],
);
