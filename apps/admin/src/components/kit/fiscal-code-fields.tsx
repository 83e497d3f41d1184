import { type InheritedFiscalCode, VAT_PERCENTS } from '@bozor/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useI18n } from '../../lib/i18n.tsx';
import { SelectField, TextField } from '../ui.tsx';

type FiscalField = 'ikpu' | 'package_code' | 'units' | 'vat_percent';

/**
 * The four fields of a fiscal code (IKPU, package code, unit, VAT) as a category and a product
 * both edit them: each empty field takes what the level above gives, shown as its placeholder
 * and, under it, with the name of the category it comes from.
 */
export function FiscalCodeFields({
  register,
  errors,
  inherited,
  codeFrom,
  inheritedNone,
  vatEmpty,
}: {
  register: Record<FiscalField, UseFormRegisterReturn>;
  errors: Partial<Record<FiscalField, string | undefined>>;
  /** What the level above gives; undefined when there is none (a top category, no category). */
  inherited: InheritedFiscalCode | undefined;
  /** The name of the category the inherited code comes from. */
  codeFrom: string;
  /** What a field says when nothing above gives it ("the parent gives none"). */
  inheritedNone: string;
  /** The empty VAT choice: the rate taken from above, or the default. */
  vatEmpty: string;
}) {
  const { t } = useI18n();
  const from = (value: string | number | null | undefined) =>
    inherited && inherited.code_from !== null && value !== null && value !== undefined
      ? t('kit.fiscal.inheritedFrom', { name: codeFrom, code: String(value) })
      : inheritedNone;
  return (
    <>
      <TextField
        label={t('kit.fiscal.ikpu')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={25}
        placeholder={inherited?.ikpu ?? ''}
        hint={from(inherited?.ikpu)}
        error={errors.ikpu}
        {...register.ikpu}
      />
      <TextField
        label={t('kit.fiscal.packageCode')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={25}
        placeholder={inherited?.package_code ?? ''}
        hint={from(inherited?.package_code)}
        error={errors.package_code}
        {...register.package_code}
      />
      <TextField
        label={t('kit.fiscal.units')}
        inputMode="numeric"
        autoComplete="off"
        placeholder={
          inherited?.units === null || inherited?.units === undefined ? '' : String(inherited.units)
        }
        hint={from(inherited?.units)}
        error={errors.units}
        {...register.units}
      />
      <SelectField label={t('kit.fiscal.vat')} error={errors.vat_percent} {...register.vat_percent}>
        <option value="">{vatEmpty}</option>
        {VAT_PERCENTS.map((rate) => (
          <option key={rate} value={rate}>
            {t('kit.fiscal.vatRate', { rate })}
          </option>
        ))}
      </SelectField>
    </>
  );
}
