import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button.ts';
import { controlClass } from '../../../components/ui/form-field.tsx';
import { Modal, ModalHeader } from '../../../components/ui/modal.tsx';
import { cn } from '../../../lib/cn.ts';
import { useFormatMoney } from '../../../lib/format.ts';
import { formatPrepayment, prepaymentDigits } from '../prepayment.ts';

/**
 * SPEC §5's prepayment change: digits only, at most ten, grouped by thousands while typing; above
 * `max` the "over_price" text shows and Save is disabled; 0 or nothing closes without a change.
 */
export function PrepaymentModal({
  open,
  initial,
  max,
  onSave,
  onClose,
}: {
  open: boolean;
  /** What the field holds when the modal opens. */
  initial: number;
  /** The most the prepayment may be. */
  max: number;
  onSave: (prepayment: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const titleId = useId();
  const hintId = useId();
  const [digits, setDigits] = useState('');

  useEffect(() => {
    if (open) setDigits(initial > 0 ? String(initial) : '');
  }, [open, initial]);

  const amount = digits === '' ? 0 : Number(digits);
  const over = amount > max;

  const save = () => {
    if (over) return;
    if (amount === 0) onClose();
    else onSave(amount);
  };

  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} className="md:max-w-md">
      <form
        className="flex flex-col gap-4 p-5"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <ModalHeader
          titleId={titleId}
          title={t('checkout.prepayment_modal.title')}
          onClose={onClose}
        />
        <label className="flex flex-col gap-1.5 text-sm font-medium text-ink">
          {t('checkout.prepayment_modal.label')}
          <div className="relative">
            <input
              value={formatPrepayment(digits)}
              onChange={(event) => setDigits(prepaymentDigits(event.target.value))}
              inputMode="numeric"
              autoComplete="off"
              aria-invalid={over || undefined}
              aria-describedby={hintId}
              className={cn(controlClass(over), 'pr-14 text-lg font-semibold tabular-nums')}
            />
            <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted">
              {t('common.currency')}
            </span>
          </div>
        </label>
        <p
          id={hintId}
          role={over ? 'alert' : undefined}
          className={cn('-mt-2 text-sm', over ? 'text-danger' : 'text-muted')}
        >
          {over
            ? t('checkout.prepayment_modal.over_price')
            : t('checkout.prepayment_modal.hint', { max: money(max) })}
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={buttonClass('secondary')}>
            {t('common.cancel')}
          </button>
          <button type="submit" disabled={over} className={buttonClass('primary')}>
            {t('checkout.prepayment_modal.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
