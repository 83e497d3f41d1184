import { formatNumber, MAX_PREPAYMENT_DIGITS } from '@bozor/shared';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { useFormatMoney } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { buttonClass } from './button.ts';
import { controlClass } from './form-field.tsx';
import { Modal, ModalHeader } from './modal.tsx';

/** SPEC §5: the digits of what was typed or pasted, at most ten. */
export function prepaymentDigits(input: string): string {
  return input
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, MAX_PREPAYMENT_DIGITS);
}

/** Where the caret goes in `formatted` so that `digitsBefore` digits stand to its left. */
function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore === 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i += 1) {
    if (/\d/.test(formatted[i] ?? '')) seen += 1;
    if (seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}

interface PrepaymentModalProps {
  open: boolean;
  /** The prepayment now, shown when the modal opens. */
  value: number;
  /** The most the prepayment may be: above it the field says "over_price" and Save is off. */
  max: number;
  /** A valid new amount (above 0, at most `max`). */
  onSave: (amount: number) => void;
  /** Closing without a change: the close button, Escape, the backdrop, or Save with 0 or nothing. */
  onClose: () => void;
  /** Save waits while the new amount is being sent. */
  saving?: boolean;
}

/**
 * SPEC §5's prepayment change: digits only, at most ten, grouped by thousands with a space while
 * typing; an amount above `max` shows "over_price" and disables Save; 0 or an empty field closes
 * the modal without a change; a valid amount is handed to `onSave`.
 */
export function PrepaymentModal({
  open,
  value,
  max,
  onSave,
  onClose,
  saving,
}: PrepaymentModalProps) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [digits, setDigits] = useState('');
  const caret = useRef<number | null>(null);

  // the dialog opens in the Modal's effect, which runs first and focuses its close button: the
  // amount is what the customer came to type
  useEffect(() => {
    if (!open) return;
    setDigits(value > 0 ? prepaymentDigits(String(value)) : '');
    inputRef.current?.focus();
  }, [open, value]);

  const shown = digits ? formatNumber(Number(digits)) : '';
  const amount = digits ? Number(digits) : 0;
  const overPrice = amount > max;

  useLayoutEffect(() => {
    const input = inputRef.current;
    if (caret.current == null || !input || document.activeElement !== input) return;
    const at = caretAfterDigits(shown, caret.current);
    input.setSelectionRange(at, at);
    caret.current = null;
  }, [shown]);

  const save = () => {
    if (overPrice || saving) return;
    if (amount === 0) onClose();
    else onSave(amount);
  };

  return (
    <Modal open={open} onClose={onClose} labelledBy={`${id}-title`} className="md:max-w-md">
      <form
        className="flex flex-col gap-4 p-5"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <ModalHeader
          titleId={`${id}-title`}
          title={t('prepayment_modal.title')}
          onClose={onClose}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-amount`} className="text-sm font-medium text-ink">
            {t('prepayment_modal.label')}
          </label>
          <div
            className={cn(
              controlClass(overPrice),
              'flex h-12 items-center gap-2 focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/20',
            )}
          >
            <input
              ref={inputRef}
              id={`${id}-amount`}
              value={shown}
              inputMode="numeric"
              autoComplete="off"
              placeholder="0"
              aria-invalid={overPrice || undefined}
              aria-describedby={overPrice ? `${id}-error` : `${id}-hint`}
              onChange={(e) => {
                const raw = e.target.value;
                const before = raw.slice(0, e.target.selectionStart ?? raw.length);
                caret.current = prepaymentDigits(before).length;
                setDigits(prepaymentDigits(raw));
              }}
              className="h-full min-w-0 flex-1 bg-transparent text-lg font-semibold tabular-nums text-ink outline-none"
            />
            <span className="text-sm text-muted">{t('common.currency')}</span>
          </div>
          {overPrice ? (
            <p id={`${id}-error`} role="alert" className="text-xs text-danger">
              {t('prepayment_modal.over_price')}
            </p>
          ) : (
            <p id={`${id}-hint`} className="text-xs text-muted">
              {t('prepayment_modal.hint', { amount: money(max) })}
            </p>
          )}
        </div>
        <div className="grid grid-cols-2 gap-2">
          <button type="button" onClick={onClose} className={buttonClass('secondary')}>
            {t('common.cancel')}
          </button>
          <button type="submit" disabled={overPrice || saving} className={buttonClass('primary')}>
            {saving ? t('common.loading') : t('prepayment_modal.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
