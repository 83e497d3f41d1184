import {
  formatNumber,
  fullNameOf,
  MAX_DECLARED_INCOME,
  NAME_MAX_LENGTH,
  normalizePassport,
  PersonalDetailsBody,
  type PersonalDetailsInput,
  type ScoringState,
} from '@bozor/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { type Control, Controller, type FieldErrors, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { TextField } from '../../../components/ui/form-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { failureMessage, placeServerErrors, useFieldMessage } from '../../../lib/form-errors.ts';
import { useFormatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { toast } from '../../../lib/toast.ts';
import { useAddPersonalDetails } from '../api/add-personal-details.ts';
import { ScoringSubpage, useScoringCustomer } from './scoring-layout.tsx';

const FIELDS = [
  'surname',
  'given_name',
  'patronymic',
  'passport',
  'pinfl',
  'birth_date',
  'monthly_income',
] as const;
type NameField = 'surname' | 'given_name' | 'patronymic';

/**
 * The birth date is typed as people write it here, DD.MM.YYYY; the form keeps the API's
 * YYYY-MM-DD once all eight digits are in, and the typed text until then (which the schema
 * refuses as not a date).
 */
export function birthDateValue(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  if (digits.length === 8) return `${digits.slice(4)}-${digits.slice(2, 4)}-${digits.slice(0, 2)}`;
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('.');
}

/** The value shown for what the form keeps: 1990-05-12 as 12.05.1990. */
export function birthDateText(value: string): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return iso ? `${iso[3]}.${iso[2]}.${iso[1]}` : value;
}

/** The income as typed, digits only: the form keeps the number, undefined while empty. */
export function incomeValue(typed: string): number | undefined {
  const digits = typed.replace(/\D/g, '').slice(0, String(MAX_DECLARED_INCOME).length + 1);
  return digits ? Number(digits) : undefined;
}

/** Passport: two letters, then seven digits, as capitals without spaces. */
const passportText = (typed: string) =>
  normalizePassport(typed)
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 9);

/** A part of the name as in the passport. */
function NameInput({
  id,
  name,
  control,
  errors,
}: {
  id: string;
  name: NameField;
  control: Control<PersonalDetailsInput, unknown, PersonalDetailsBody>;
  errors: FieldErrors<PersonalDetailsInput>;
}) {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const error = errors[name];
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          id={`${id}-${name}`}
          label={t(`scoring.personal.${name}`)}
          error={fieldMessage(error)}
          {...field}
          value={field.value ?? ''}
          autoComplete={
            name === 'surname' ? 'family-name' : name === 'given_name' ? 'given-name' : 'off'
          }
          autoCapitalize="words"
          spellCheck={false}
          placeholder={t(`scoring.personal.${name}_placeholder`)}
          maxLength={NAME_MAX_LENGTH + 10}
          className="text-base"
        />
      )}
    />
  );
}

/**
 * Scoring's first step: the name as in the passport, passport, PINFL, birth date and the monthly
 * income, checked with the server's own schema.
 */
export function PersonalForm({
  given,
  onSaved,
  onCancel,
}: {
  /** What the customer gave before, when they change it: passport and PINFL are typed again. */
  given?: NonNullable<ScoringState['personal']> | null;
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const save = useAddPersonalDetails();
  const fieldMessage = useFieldMessage();
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PersonalDetailsInput, unknown, PersonalDetailsBody>({
    resolver: zodResolver(PersonalDetailsBody),
    defaultValues: {
      surname: given?.surname ?? '',
      given_name: given?.given_name ?? '',
      patronymic: given?.patronymic ?? '',
      passport: '',
      pinfl: '',
      birth_date: given?.birth_date ?? '',
      ...(given?.monthly_income != null && { monthly_income: given.monthly_income }),
    },
  });

  const submit = handleSubmit(async (body) => {
    try {
      const answer = await save.mutateAsync(body);
      toast.success(answer.message);
      onSaved();
    } catch (error) {
      if (!placeServerErrors(error, FIELDS, setError)) toast.error(failureMessage(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      {given && (
        <p className="rounded-[10px] bg-primary-soft p-3 text-sm text-ink" role="note">
          {t('scoring.personal.retype')}
        </p>
      )}
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-semibold text-ink">
          {t('scoring.personal.name_legend')}
        </legend>
        <NameInput id={id} name="surname" control={control} errors={errors} />
        <NameInput id={id} name="given_name" control={control} errors={errors} />
        <NameInput id={id} name="patronymic" control={control} errors={errors} />
      </fieldset>

      <Controller
        control={control}
        name="passport"
        render={({ field }) => (
          <TextField
            id={`${id}-passport`}
            label={t('scoring.personal.passport')}
            error={fieldMessage(errors.passport)}
            {...field}
            value={field.value ?? ''}
            onChange={(e) => field.onChange(passportText(e.target.value))}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            placeholder="AA1234567"
            maxLength={9}
            className="text-base tracking-wider uppercase"
          />
        )}
      />

      <Controller
        control={control}
        name="pinfl"
        render={({ field }) => (
          <TextField
            id={`${id}-pinfl`}
            label={t('scoring.personal.pinfl')}
            hint={t('scoring.personal.pinfl_hint')}
            error={fieldMessage(errors.pinfl)}
            {...field}
            value={field.value ?? ''}
            onChange={(e) => field.onChange(e.target.value.replace(/\D/g, '').slice(0, 14))}
            inputMode="numeric"
            autoComplete="off"
            placeholder="30105901234567"
            maxLength={14}
            className="text-base tracking-wider tabular-nums"
          />
        )}
      />

      <Controller
        control={control}
        name="birth_date"
        render={({ field }) => (
          <TextField
            id={`${id}-birth_date`}
            label={t('scoring.personal.birth_date')}
            error={fieldMessage(errors.birth_date)}
            {...field}
            value={birthDateText(field.value ?? '')}
            onChange={(e) => field.onChange(birthDateValue(e.target.value))}
            inputMode="numeric"
            autoComplete="bday"
            placeholder={t('scoring.personal.birth_date_placeholder')}
            maxLength={10}
            className="text-base tabular-nums"
          />
        )}
      />

      <Controller
        control={control}
        name="monthly_income"
        render={({ field }) => (
          <TextField
            id={`${id}-monthly_income`}
            label={t('scoring.personal.monthly_income')}
            hint={t('scoring.personal.monthly_income_hint')}
            error={fieldMessage(errors.monthly_income)}
            {...field}
            value={field.value === undefined ? '' : formatNumber(field.value)}
            onChange={(e) => field.onChange(incomeValue(e.target.value))}
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('scoring.personal.monthly_income_placeholder')}
            className="text-base tabular-nums"
          />
        )}
      />

      <p className="text-xs text-muted">{t('scoring.personal.privacy')}</p>

      <div className="mt-1 flex flex-col gap-2 sm:flex-row-reverse">
        <button
          type="submit"
          disabled={isSubmitting}
          className={cn(buttonClass('primary'), 'h-12 w-full text-base sm:flex-1')}
        >
          {isSubmitting ? t('scoring.sending') : given ? t('scoring.save') : t('scoring.continue')}
        </button>
        {onCancel && (
          <button
            type="button"
            onClick={onCancel}
            disabled={isSubmitting}
            className={cn(buttonClass('secondary'), 'h-12 w-full text-base sm:flex-1')}
          >
            {t('scoring.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

/**
 * /scoring/personal: the form, or what the customer gave (masked, as the server keeps it) once
 * they have, with the way on. Until scoring decides, what was given can be changed: a mistyped
 * PINFL is typed again (a new PINFL asks for the face photo again). Details given before the name
 * and income were asked are asked again.
 */
export function PersonalPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatMoney = useFormatMoney();
  const { scoring } = useScoringCustomer();
  const [changing, setChanging] = useState(false);
  const given = scoring.personal?.monthly_income != null ? scoring.personal : null;

  return (
    <ScoringSubpage title={t('scoring.steps.personal.title')} text={t('scoring.personal.intro')}>
      {given && !changing ? (
        <div className="flex flex-col gap-4">
          <dl className="grid gap-3 sm:grid-cols-3">
            {(
              [
                ['full_name', fullNameOf(given) ?? ''],
                ['passport', given.passport],
                ['pinfl', given.pinfl],
                ['birth_date', birthDateText(given.birth_date)],
                ['monthly_income', formatMoney(given.monthly_income ?? 0)],
              ] as const
            ).map(([key, value]) => (
              <div
                key={key}
                className={cn('rounded-[10px] bg-page p-3', key === 'full_name' && 'sm:col-span-3')}
              >
                <dt className="text-xs text-muted">{t(`scoring.personal.${key}`)}</dt>
                <dd className="mt-1 text-sm font-semibold break-all text-ink">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="flex flex-col gap-2 sm:flex-row-reverse">
            <Link to="/scoring" className={cn(buttonClass('primary'), 'h-12 w-full sm:flex-1')}>
              {t('scoring.continue')}
            </Link>
            <button
              type="button"
              onClick={() => setChanging(true)}
              className={cn(buttonClass('secondary'), 'h-12 w-full sm:flex-1')}
            >
              {t('scoring.personal.change')}
            </button>
          </div>
        </div>
      ) : (
        <PersonalForm
          given={given}
          onSaved={() => navigate('/scoring')}
          onCancel={given ? () => setChanging(false) : undefined}
        />
      )}
    </ScoringSubpage>
  );
}
