import {
  CardAddBody,
  type CardAdded,
  type CardAddInput,
  cardTypeOf,
  formatCardNumber,
} from '@bozor/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { buttonClass } from '../../../components/ui/button.ts';
import { controlClass, FormField, TextField } from '../../../components/ui/form-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { failureMessage, placeServerErrors, useFieldMessage } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { toast } from '../../../lib/toast.ts';
import { useAddCard } from '../api/add-card.ts';
import { CardBadge } from './card-badge.tsx';

const FIELDS = ['card_number', 'expire_date'] as const;
type Field = (typeof FIELDS)[number];

/** "12/28" as the digits are typed; the slash comes with the third digit. */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/**
 * A Uzcard or Humo card: the number in groups of four with its scheme shown as soon as the first
 * four digits tell it, and the expiry as MM/YY. Checked with the server's own schema; the server's
 * field errors appear under their fields, anything else (a card the bank refuses) in a toast.
 */
export function CardForm({
  onAdded,
  submitLabel,
}: {
  /** The gateway sent the holder a code: the card awaits it. */
  onAdded: (added: CardAdded) => void;
  submitLabel?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const add = useAddCard();
  const fieldMessage = useFieldMessage();
  const {
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CardAddInput>({
    resolver: zodResolver(CardAddBody),
    defaultValues: { card_number: '', expire_date: '' },
  });

  const type = cardTypeOf(watch('card_number') ?? '');
  const describedBy = (field: Field) => (errors[field] ? `${id}-${field}-error` : undefined);

  const submit = handleSubmit(async (body) => {
    try {
      const answer = await add.mutateAsync(body);
      onAdded(answer.data);
    } catch (error) {
      if (!placeServerErrors(error, FIELDS, setError)) toast.error(failureMessage(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <FormField
        id={`${id}-card_number`}
        label={t('cards.number')}
        error={fieldMessage(errors.card_number)}
      >
        <Controller
          control={control}
          name="card_number"
          render={({ field }) => (
            <div
              className={cn(
                controlClass(!!errors.card_number),
                'flex items-center gap-2 pr-1.5 focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/20',
              )}
            >
              <input
                id={`${id}-card_number`}
                ref={field.ref}
                name={field.name}
                value={field.value ?? ''}
                onChange={(e) => field.onChange(formatCardNumber(e.target.value))}
                onBlur={field.onBlur}
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="0000 0000 0000 0000"
                maxLength={19}
                aria-invalid={errors.card_number ? true : undefined}
                aria-describedby={describedBy('card_number')}
                className="h-full min-w-0 flex-1 bg-transparent text-base tracking-wider tabular-nums outline-none placeholder:tracking-normal placeholder:text-muted/60"
              />
              {/* the scheme is read from the first four digits while the number is typed */}
              <span aria-live="polite" className="flex h-full items-center">
                {type && <CardBadge type={type} className="h-7 w-11" />}
              </span>
            </div>
          )}
        />
      </FormField>

      <div className="grid grid-cols-[minmax(0,9rem)] gap-3">
        <Controller
          control={control}
          name="expire_date"
          render={({ field }) => (
            <TextField
              id={`${id}-expire_date`}
              label={t('cards.expire')}
              error={fieldMessage(errors.expire_date)}
              {...field}
              value={field.value ?? ''}
              onChange={(e) => field.onChange(formatExpiry(e.target.value))}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder={t('cards.expire_placeholder')}
              maxLength={5}
              className="text-base tabular-nums"
            />
          )}
        />
      </div>

      <p className="text-xs text-muted">{t('cards.secure_note')}</p>

      <button
        type="submit"
        disabled={isSubmitting}
        className={cn(buttonClass('primary'), 'mt-1 h-12 w-full text-base')}
      >
        {isSubmitting ? t('cards.sending') : (submitLabel ?? t('cards.get_code'))}
      </button>
    </form>
  );
}
