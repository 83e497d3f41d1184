import {
  type DeliveryAddress,
  type DeliveryAddressBody,
  type Lang,
  MAX_DELIVERY_ADDRESSES,
  type Place,
} from '@bozor/shared';
import type { Executor } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, fieldMessage, notFound } from '../../lib/errors.ts';
import { pick } from '../../lib/lang.ts';
import * as repo from './repository.ts';

/** Tashkent city leads the region list: most deliveries go there. */
const FIRST_REGION = 'toshkent-shahri';

const collators = new Map<Lang, Intl.Collator>();

/** Alphabetical in the language's own order (in Uzbek, O' and G' come after Z). */
function byName(lang: Lang) {
  let collator = collators.get(lang);
  if (!collator) {
    collator = new Intl.Collator(lang);
    collators.set(lang, collator);
  }
  const compare = collator.compare;
  return (a: Place, b: Place) => compare(a.name, b.name);
}

export async function listRegions(db: Executor, lang: Lang): Promise<Place[]> {
  const rows = await repo.listRegions(db);
  const first = rows.filter((r) => r.slug === FIRST_REGION);
  const rest = rows.filter((r) => r.slug !== FIRST_REGION);
  return [
    ...first.map((r) => ({ id: r.id, name: pick(r, 'name', lang) })),
    ...rest.map((r) => ({ id: r.id, name: pick(r, 'name', lang) })).sort(byName(lang)),
  ];
}

export async function listDistricts(db: Executor, regionId: number, lang: Lang): Promise<Place[]> {
  if (!(await repo.regionExists(db, regionId))) throw notFound('REGION_NOT_FOUND');
  const rows = await repo.listDistricts(db, regionId);
  return rows.map((r) => ({ id: r.id, name: pick(r, 'name', lang) })).sort(byName(lang));
}

function toAddress(row: repo.AddressRow, lang: Lang): DeliveryAddress {
  return {
    id: row.id,
    region: { id: row.regionId, name: pick(row, 'region', lang) },
    district: { id: row.districtId, name: pick(row, 'district', lang) },
    address: row.address,
    apartment: row.apartment,
    landmark: row.landmark,
    phone: row.phone,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The region must exist and the district must be one of its own: a 400 on the field otherwise. */
async function checkPlaces(db: Executor, body: DeliveryAddressBody, lang: Lang) {
  if (!(await repo.regionExists(db, body.region_id))) {
    throw new AppError('VALIDATION_ERROR', 400, {
      region_id: [fieldMessage('region_invalid', lang)],
    });
  }
  if ((await repo.districtRegion(db, body.district_id)) !== body.region_id) {
    throw new AppError('VALIDATION_ERROR', 400, {
      district_id: [fieldMessage('district_invalid', lang)],
    });
  }
}

function fieldsOf(body: DeliveryAddressBody): repo.AddressFields {
  return {
    regionId: body.region_id,
    districtId: body.district_id,
    address: body.address,
    apartment: body.apartment,
    landmark: body.landmark,
    phone: body.phone,
  };
}

async function readAddress(db: Executor, customerId: number, id: number, lang: Lang) {
  const row = await repo.findAddress(db, customerId, id);
  if (!row) throw notFound('ADDRESS_NOT_FOUND');
  return toAddress(row, lang);
}

/** Oldest first; the last one is the current address (SPEC §3). */
export async function listAddresses(db: Executor, customerId: number, lang: Lang) {
  return (await repo.listAddresses(db, customerId)).map((row) => toAddress(row, lang));
}

/** Saves a new address, which becomes the current one. */
export async function addAddress(
  db: Executor,
  customerId: number,
  body: DeliveryAddressBody,
  lang: Lang,
): Promise<DeliveryAddress> {
  await checkPlaces(db, body, lang);
  const id = await inTransaction(db, async (tx) => {
    await repo.lockCustomer(tx, customerId);
    if ((await repo.countAddresses(tx, customerId)) >= MAX_DELIVERY_ADDRESSES) {
      throw new AppError('ADDRESS_LIMIT', 422);
    }
    return repo.insertAddress(tx, customerId, fieldsOf(body));
  });
  return readAddress(db, customerId, id, lang);
}

/** Corrects an address; it keeps its place in the list (an edit is not a choice). */
export async function updateAddress(
  db: Executor,
  customerId: number,
  id: number,
  body: DeliveryAddressBody,
  lang: Lang,
): Promise<DeliveryAddress> {
  await checkPlaces(db, body, lang);
  if (!(await repo.updateAddress(db, customerId, id, fieldsOf(body)))) {
    throw notFound('ADDRESS_NOT_FOUND');
  }
  return readAddress(db, customerId, id, lang);
}

/** Makes a saved address the current one: it moves to the end of the list. */
export async function chooseAddress(
  db: Executor,
  customerId: number,
  id: number,
  lang: Lang,
): Promise<DeliveryAddress> {
  if (!(await repo.chooseAddress(db, customerId, id))) throw notFound('ADDRESS_NOT_FOUND');
  return readAddress(db, customerId, id, lang);
}

/** Deleting the current address makes the one chosen before it current. */
export async function deleteAddress(db: Executor, customerId: number, id: number) {
  if (!(await repo.deleteAddress(db, customerId, id))) throw notFound('ADDRESS_NOT_FOUND');
}
