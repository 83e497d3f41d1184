import { pictureTexts } from '../components/pictures-texts.ts';
import { auditTexts } from '../features/audit/texts.ts';
import { authTexts } from '../features/auth/texts.ts';
import { catalogueTexts } from '../features/catalogue/texts.ts';
import { contentTexts } from '../features/content/texts.ts';
import { creditTexts } from '../features/credits/texts.ts';
import { customerTexts } from '../features/customers/texts.ts';
import { dashboardTexts } from '../features/dashboard/texts.ts';
import { importTexts } from '../features/imports/texts.ts';
import { orderTexts } from '../features/orders/texts.ts';
import { partnerTexts } from '../features/partners/texts.ts';
import { paymentTexts } from '../features/payments/texts.ts';
import { productTexts } from '../features/products/texts.ts';
import { reportTexts } from '../features/reports/texts.ts';
import { returnTexts } from '../features/returns/texts.ts';
import { scoringTexts } from '../features/scoring/texts.ts';
import { staffTexts } from '../features/staff/texts.ts';
import { commonTexts } from './common.ts';

/** Every feature's texts in one dictionary per language. */
const parts = [
  commonTexts,
  pictureTexts,
  authTexts,
  dashboardTexts,
  orderTexts,
  returnTexts,
  scoringTexts,
  creditTexts,
  paymentTexts,
  customerTexts,
  staffTexts,
  auditTexts,
  reportTexts,
  productTexts,
  catalogueTexts,
  importTexts,
  contentTexts,
  partnerTexts,
] as const;

type Merged = (typeof parts)[number]['ru'];
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (
  x: infer I,
) => void
  ? I
  : never;
export type TextKey = keyof UnionToIntersection<Merged>;

export const TEXTS = {
  ru: Object.assign({}, ...parts.map((part) => part.ru)) as Record<TextKey, string>,
  uz: Object.assign({}, ...parts.map((part) => part.uz)) as Record<TextKey, string>,
};
