import {
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
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
