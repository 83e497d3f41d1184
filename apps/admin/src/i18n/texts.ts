import { fiscalTexts } from '../components/fiscal-texts.ts';
import { kitTexts } from '../components/kit/texts.ts';
import { pictureTexts } from '../components/pictures-texts.ts';
import { auditTexts } from '../features/audit/texts.ts';
import { authTexts } from '../features/auth/texts.ts';
import { catalogueTexts } from '../features/catalogue/texts.ts';
import { contentTexts } from '../features/content/texts.ts';
import { creditTexts } from '../features/credits/texts.ts';
import { customerTexts } from '../features/customers/texts.ts';
import { dashboardTexts } from '../features/dashboard/texts.ts';
import { deliveryTexts } from '../features/delivery/texts.ts';
import { receiptTexts } from '../features/fiscal/texts.ts';
import { importTexts } from '../features/imports/texts.ts';
import { orderTexts } from '../features/orders/texts.ts';
import { partnerTexts } from '../features/partners/texts.ts';
import { paymentTexts } from '../features/payments/texts.ts';
import { productTexts } from '../features/products/texts.ts';
import { promotionTexts } from '../features/promotions/texts.ts';
import { reportTexts } from '../features/reports/texts.ts';
import { returnTexts } from '../features/returns/texts.ts';
import { reviewTexts } from '../features/reviews/texts.ts';
import { scoringTexts } from '../features/scoring/texts.ts';
import { staffTexts } from '../features/staff/texts.ts';
import { commonTexts } from './common.ts';

/**
 * Every feature's texts in one dictionary per language. Each part owns its namespaces and every
 * key of it starts with one of them, so no key can be defined twice; `Unique` below fails the type
 * check naming any namespace or key two parts share (texts.test.ts checks the same at run time).
 */
export const TEXT_PARTS = [
  commonTexts,
  pictureTexts,
  kitTexts,
  fiscalTexts,
  authTexts,
  dashboardTexts,
  orderTexts,
  returnTexts,
  scoringTexts,
  creditTexts,
  paymentTexts,
  receiptTexts,
  customerTexts,
  staffTexts,
  auditTexts,
  reportTexts,
  productTexts,
  catalogueTexts,
  importTexts,
  contentTexts,
  deliveryTexts,
  partnerTexts,
  reviewTexts,
  promotionTexts,
] as const;

type Part = (typeof TEXT_PARTS)[number];

/** What a part shares with the parts before it, its namespaces or its keys. */
type Shared<Parts, Seen = never> = Parts extends readonly [infer Head extends Part, ...infer Rest]
  ?
      | Extract<Head['namespaces'][number] | keyof Head['ru'], Seen>
      | Shared<Rest, Seen | Head['namespaces'][number] | keyof Head['ru']>
  : never;
type Unique<Twice extends never> = Twice;
/** Nothing: a namespace or key two parts share makes this line fail, naming it. */
export type SharedTexts = Unique<Shared<typeof TEXT_PARTS>>;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (
  x: infer I,
) => void
  ? I
  : never;
export type TextKey = keyof UnionToIntersection<Part['ru']>;

export const TEXTS = {
  ru: Object.assign({}, ...TEXT_PARTS.map((part) => part.ru)) as Record<TextKey, string>,
  uz: Object.assign({}, ...TEXT_PARTS.map((part) => part.uz)) as Record<TextKey, string>,
};
