import { z } from 'zod';
import { IKPU_PATTERN, PACKAGE_CODE_PATTERN, VAT_PERCENTS } from '../fiscal.ts';

/**
 * The fiscal code of goods as staff write it on a category or a product (DESIGN §6c): an IKPU
 * with its package code and unit, and a VAT rate. Each is empty to inherit: a product takes what
 * its category gives, a category what the nearest category above it gives.
 */

/** The rules of these fields, answered in the caller's language (FIELD_MESSAGE_KEYS). */
export const FISCAL_FIELD_MESSAGE_KEYS = [
  'ikpu_invalid',
  'package_code_invalid',
  'units_invalid',
  'vat_percent_invalid',
  'ikpu_without_package_code',
  'package_code_without_ikpu',
  'units_without_ikpu',
  'publish_ikpu_missing',
  'publish_package_code_missing',
  'bulk_fiscal_code_missing',
  'category_fiscal_code_in_use',
] as const;
export type FiscalFieldMessageKey = (typeof FISCAL_FIELD_MESSAGE_KEYS)[number];

/** The classifier's unit-of-measure codes are small whole numbers. */
export const MAX_FISCAL_UNITS = 999_999;

/** Digits of a code, or empty (null) to inherit; spaces a paste brings in are dropped. */
const digits = (pattern: RegExp, message: FiscalFieldMessageKey) =>
  z
    .string(message)
    .transform((v) => v.replace(/[\s\u00a0]/g, ''))
    .refine((v) => v === '' || pattern.test(v), message)
    .nullable()
    .transform((v) => (v ? v : null));

/** The four fields, each null (or empty) to inherit. */
export const fiscalCodeFields = {
  ikpu: digits(IKPU_PATTERN, 'ikpu_invalid'),
  package_code: digits(PACKAGE_CODE_PATTERN, 'package_code_invalid'),
  units: z
    .number('units_invalid')
    .int('units_invalid')
    .min(1, 'units_invalid')
    .max(MAX_FISCAL_UNITS, 'units_invalid')
    .nullable(),
  vat_percent: z
    .number('vat_percent_invalid')
    .refine((v) => (VAT_PERCENTS as readonly number[]).includes(v), 'vat_percent_invalid')
    .nullable(),
};

/** The four fields of a whole write: one left out is null (inherited). */
export const fiscalCodeInput = {
  ikpu: fiscalCodeFields.ikpu.default(null),
  package_code: fiscalCodeFields.package_code.default(null),
  units: fiscalCodeFields.units.default(null),
  vat_percent: fiscalCodeFields.vat_percent.default(null),
};

export interface OwnFiscalCode {
  ikpu: string | null;
  package_code: string | null;
  units: number | null;
  vat_percent: number | null;
}

/**
 * The pairing rules of one level: an IKPU goes with its package code (the receipt needs both from
 * the same level), and a unit belongs to an IKPU. Each broken rule is named on its field.
 */
export function fiscalPairIssues(
  code: Partial<OwnFiscalCode>,
): { path: keyof OwnFiscalCode; message: FiscalFieldMessageKey }[] {
  const issues: { path: keyof OwnFiscalCode; message: FiscalFieldMessageKey }[] = [];
  const ikpu = code.ikpu ?? null;
  const packageCode = code.package_code ?? null;
  if (ikpu !== null && packageCode === null) {
    issues.push({ path: 'package_code', message: 'ikpu_without_package_code' });
  }
  if (ikpu === null && packageCode !== null) {
    issues.push({ path: 'ikpu', message: 'package_code_without_ikpu' });
  }
  if (ikpu === null && (code.units ?? null) !== null) {
    issues.push({ path: 'units', message: 'units_without_ikpu' });
  }
  return issues;
}

/**
 * What goods inherit from their categories: the IKPU, package code and unit of the nearest
 * category that sets them (`code_from`), and the VAT rate of the nearest one that sets it
 * (`vat_from`); nulls where none does.
 */
export const InheritedFiscalCode = z.object({
  ikpu: z.string().nullable(),
  package_code: z.string().nullable(),
  units: z.number().int().nullable(),
  /** The category the IKPU comes from. */
  code_from: z.number().int().nullable(),
  vat_percent: z.number().int().nullable(),
  vat_from: z.number().int().nullable(),
});
export type InheritedFiscalCode = z.infer<typeof InheritedFiscalCode>;

/** One level's own code as the database holds it, with the category's id. */
export interface FiscalLevelRow {
  id: number;
  ikpu: string | null;
  packageCode: string | null;
  units: number | null;
  vatPercent: number | null;
}

/**
 * What the levels give, nearest first, by the rule receipts are built by: the first level with
 * both an IKPU and a package code gives them with its unit; the first with a VAT rate gives it.
 */
export function inheritFiscalCode(levels: readonly FiscalLevelRow[]): InheritedFiscalCode {
  const coded = levels.find((level) => level.ikpu !== null && level.packageCode !== null);
  const taxed = levels.find((level) => level.vatPercent !== null);
  return {
    ikpu: coded?.ikpu ?? null,
    package_code: coded?.packageCode ?? null,
    units: coded?.units ?? null,
    code_from: coded?.id ?? null,
    vat_percent: taxed?.vatPercent ?? null,
    vat_from: taxed?.id ?? null,
  };
}
