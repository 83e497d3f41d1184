/** What delivery costs and when it arrives (DESIGN §6c), by the rates staff keep. */
import {
  type AdminDeliveryRate,
  type DeliveryQuote,
  type DeliveryRateBody,
  type DistrictRateBody,
  type Lang,
  quoteDelivery,
  type SizeClass,
} from '@bozor/shared';
import type { Database, Executor } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, fieldMessage, notFound } from '../../lib/errors.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import * as repo from './repository.ts';

/** Where the goods go: a courier to a region (and district), or pick-up at a branch. */
export type Destination =
  | { type: 'courier'; regionId: number; districtId: number | null }
  | { type: 'pickup' };

const termsOf = (rate: repo.RateRow) => ({
  courierFee: rate.courierFee,
  freeFrom: rate.freeFrom,
  days: rate.days,
  cutoffHour: rate.cutoffHour,
  bulkyFee: rate.bulkyFee,
  bulkyExtraDays: rate.bulkyExtraDays,
});

async function rateFor(db: Executor, to: Destination) {
  const row =
    to.type === 'pickup'
      ? await repo.findPickupRate(db)
      : await repo.findCourierRate(db, to.regionId, to.districtId);
  if (!row) throw notFound('DELIVERY_RATE_NOT_FOUND');
  return row;
}

/** What is delivered: the goods' sum and their class (bulky when any of them is). */
export interface Basket {
  sum: number;
  sizeClass: SizeClass;
}

/**
 * The fee and the promised day of a basket sent to `to`, for an order placed at `at`: checkout
 * charges what this answers for the goods it orders, whatever the storefront showed.
 */
export async function deliveryTerms(
  db: Executor,
  to: Destination,
  basket: Basket,
  at: Date,
): Promise<{ fee: number; promisedOn: string }> {
  const row = await rateFor(db, to);
  const quote = quoteDelivery(termsOf(row.rate), { ...basket, type: to.type, at });
  return { fee: quote.fee, promisedOn: quote.promisedOn };
}

/** The storefront's quote: the same rule as checkout, with what the basket lacks to go free. */
export async function quote(
  db: Executor,
  to: Destination,
  basket: Basket,
  at: Date,
  lang: Lang,
): Promise<DeliveryQuote> {
  const row = await rateFor(db, to);
  const answer = quoteDelivery(termsOf(row.rate), { ...basket, type: to.type, at });
  return {
    type: to.type,
    size_class: basket.sizeClass,
    region:
      to.type === 'courier' && row.regionUz !== null && row.regionRu !== null
        ? { id: to.regionId, name: lang === 'ru' ? row.regionRu : row.regionUz }
        : null,
    fee: answer.fee,
    promised_on: answer.promisedOn,
    // no sum makes pick-up cost, nor a bulky basket go free
    free_from: to.type === 'pickup' || basket.sizeClass === 'bulky' ? null : row.rate.freeFrom,
    left_for_free: answer.leftForFree,
  };
}

// ---- back office ----------------------------------------------------------------------------

function toAdmin(row: repo.NamedRate, lang: Lang): AdminDeliveryRate {
  const { rate } = row;
  const name = (uz: string | null, ru: string | null) => (lang === 'ru' ? ru : uz) ?? '';
  return {
    id: rate.id,
    kind: rate.regionId === null ? 'pickup' : rate.districtId === null ? 'region' : 'district',
    region:
      rate.regionId === null ? null : { id: rate.regionId, name: name(row.regionUz, row.regionRu) },
    district:
      rate.districtId === null
        ? null
        : { id: rate.districtId, name: name(row.districtUz, row.districtRu) },
    courier_fee: rate.courierFee,
    free_from: rate.freeFrom,
    days: rate.days,
    cutoff_hour: rate.cutoffHour,
    bulky_fee: rate.bulkyFee,
    bulky_extra_days: rate.bulkyExtraDays,
    updated_at: rate.updatedAt.toISOString(),
  };
}

const auditOf = (rate: Pick<repo.RateRow, 'regionId' | 'districtId'> & repo.RateTerms) => ({
  region_id: rate.regionId,
  district_id: rate.districtId,
  courier_fee: rate.courierFee,
  free_from: rate.freeFrom,
  days: rate.days,
  cutoff_hour: rate.cutoffHour,
  bulky_fee: rate.bulkyFee,
  bulky_extra_days: rate.bulkyExtraDays,
});

const bodyTerms = (body: DeliveryRateBody): repo.RateTerms => ({
  courierFee: body.courier_fee,
  freeFrom: body.free_from,
  days: body.days,
  cutoffHour: body.cutoff_hour,
  bulkyFee: body.bulky_fee,
  bulkyExtraDays: body.bulky_extra_days,
});

export async function listRates(db: Executor, lang: Lang): Promise<AdminDeliveryRate[]> {
  return (await repo.listRates(db)).map((row) => toAdmin(row, lang));
}

async function readRate(db: Executor, id: number, lang: Lang): Promise<AdminDeliveryRate> {
  const row = await repo.findRate(db, id);
  if (!row) throw notFound('DELIVERY_RATE_NOT_FOUND');
  return toAdmin(row, lang);
}

/**
 * New terms for a rate; pick-up stays free, bulky goods too (its fees and threshold are not its
 * to have), its days and extra days change.
 */
export async function updateRate(
  db: Database,
  id: number,
  body: DeliveryRateBody,
  actor: Actor,
  lang: Lang,
): Promise<AdminDeliveryRate> {
  await inTransaction(db, async (tx) => {
    const before = await repo.lockRate(tx, id);
    if (!before) throw notFound('DELIVERY_RATE_NOT_FOUND');
    const terms =
      before.regionId === null
        ? { ...bodyTerms(body), courierFee: 0, freeFrom: null, bulkyFee: 0 }
        : bodyTerms(body);
    await repo.updateRate(tx, id, terms);
    await recordAudit(tx, actor, {
      action: 'delivery_rate.update',
      objectType: 'delivery_rate',
      objectId: id,
      before: auditOf(before),
      after: auditOf({ ...before, ...terms }),
    });
  });
  return readRate(db, id, lang);
}

/** A district's own rate, in place of its region's (409 when it has one already). */
export async function addDistrictRate(
  db: Database,
  body: DistrictRateBody,
  actor: Actor,
  lang: Lang,
): Promise<AdminDeliveryRate> {
  const id = await inTransaction(db, async (tx) => {
    if (!(await repo.districtInRegion(tx, body.region_id, body.district_id))) {
      throw new AppError('VALIDATION_ERROR', 400, {
        district_id: [fieldMessage('district_invalid', lang)],
      });
    }
    const place = { regionId: body.region_id, districtId: body.district_id };
    const terms = bodyTerms(body);
    const created = await repo.insertDistrictRate(tx, place, terms);
    if (created === undefined) throw new AppError('DELIVERY_RATE_TAKEN', 409);
    await recordAudit(tx, actor, {
      action: 'delivery_rate.create',
      objectType: 'delivery_rate',
      objectId: created,
      after: auditOf({ ...place, ...terms }),
    });
    return created;
  });
  return readRate(db, id, lang);
}

/** Removes a district's own rate: the district goes back to its region's. */
export async function deleteRate(db: Database, id: number, actor: Actor): Promise<void> {
  await inTransaction(db, async (tx) => {
    const before = await repo.lockRate(tx, id);
    if (!before) throw notFound('DELIVERY_RATE_NOT_FOUND');
    if (before.districtId === null) throw new AppError('DELIVERY_RATE_KEPT', 409);
    await repo.deleteRate(tx, id);
    await recordAudit(tx, actor, {
      action: 'delivery_rate.delete',
      objectType: 'delivery_rate',
      objectId: id,
      before: auditOf(before),
    });
  });
}
