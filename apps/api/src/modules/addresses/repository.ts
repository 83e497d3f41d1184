import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers, deliveryAddresses, districts, regions } from '../../db/schema/index.ts';

export function listRegions(db: Executor) {
  return db
    .select({ id: regions.id, slug: regions.slug, nameUz: regions.nameUz, nameRu: regions.nameRu })
    .from(regions);
}

export async function regionExists(db: Executor, id: number): Promise<boolean> {
  const rows = await db.select({ id: regions.id }).from(regions).where(eq(regions.id, id));
  return rows.length > 0;
}

export function listDistricts(db: Executor, regionId: number) {
  return db
    .select({ id: districts.id, nameUz: districts.nameUz, nameRu: districts.nameRu })
    .from(districts)
    .where(eq(districts.regionId, regionId));
}

export async function districtRegion(db: Executor, districtId: number): Promise<number | null> {
  const [row] = await db
    .select({ regionId: districts.regionId })
    .from(districts)
    .where(eq(districts.id, districtId));
  return row?.regionId ?? null;
}

export interface AddressFields {
  regionId: number;
  districtId: number;
  address: string;
  apartment: string | null;
  landmark: string | null;
  phone: string;
}

const addressColumns = {
  id: deliveryAddresses.id,
  address: deliveryAddresses.address,
  apartment: deliveryAddresses.apartment,
  landmark: deliveryAddresses.landmark,
  phone: deliveryAddresses.phone,
  createdAt: deliveryAddresses.createdAt,
  updatedAt: deliveryAddresses.updatedAt,
  regionId: regions.id,
  regionUz: regions.nameUz,
  regionRu: regions.nameRu,
  districtId: districts.id,
  districtUz: districts.nameUz,
  districtRu: districts.nameRu,
};

export type AddressRow = Awaited<ReturnType<typeof listAddresses>>[number];

function selectAddresses(db: Executor) {
  return db
    .select(addressColumns)
    .from(deliveryAddresses)
    .innerJoin(regions, eq(regions.id, deliveryAddresses.regionId))
    .innerJoin(districts, eq(districts.id, deliveryAddresses.districtId));
}

/** The customer's addresses, the one chosen longest ago first and the current one last. */
export function listAddresses(db: Executor, customerId: number) {
  return selectAddresses(db)
    .where(eq(deliveryAddresses.customerId, customerId))
    .orderBy(asc(deliveryAddresses.chosenAt), asc(deliveryAddresses.id));
}

export async function findAddress(db: Executor, customerId: number, id: number) {
  const [row] = await selectAddresses(db).where(
    and(eq(deliveryAddresses.customerId, customerId), eq(deliveryAddresses.id, id)),
  );
  return row ?? null;
}

/** Holds the customer's row until the transaction ends, so concurrent adds count one by one. */
export async function lockCustomer(db: Executor, customerId: number): Promise<void> {
  await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
}

export async function countAddresses(db: Executor, customerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(deliveryAddresses)
    .where(eq(deliveryAddresses.customerId, customerId));
  return row?.n ?? 0;
}

export async function insertAddress(db: Executor, customerId: number, fields: AddressFields) {
  const [row] = await db
    .insert(deliveryAddresses)
    .values({ customerId, ...fields, chosenAt: sql`clock_timestamp()` })
    .returning({ id: deliveryAddresses.id });
  return row!.id;
}

/** Rewrites an address of the customer's; false when there is none with that id. */
export async function updateAddress(
  db: Executor,
  customerId: number,
  id: number,
  fields: AddressFields,
): Promise<boolean> {
  const rows = await db
    .update(deliveryAddresses)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(and(eq(deliveryAddresses.customerId, customerId), eq(deliveryAddresses.id, id)))
    .returning({ id: deliveryAddresses.id });
  return rows.length > 0;
}

/** Makes an address of the customer's the current one; false when there is none with that id. */
export async function chooseAddress(db: Executor, customerId: number, id: number) {
  const rows = await db
    .update(deliveryAddresses)
    .set({ chosenAt: sql`clock_timestamp()` })
    .where(and(eq(deliveryAddresses.customerId, customerId), eq(deliveryAddresses.id, id)))
    .returning({ id: deliveryAddresses.id });
  return rows.length > 0;
}

export async function deleteAddress(db: Executor, customerId: number, id: number) {
  const rows = await db
    .delete(deliveryAddresses)
    .where(and(eq(deliveryAddresses.customerId, customerId), eq(deliveryAddresses.id, id)))
    .returning({ id: deliveryAddresses.id });
  return rows.length > 0;
}
