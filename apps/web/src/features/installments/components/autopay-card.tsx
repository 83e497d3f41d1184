import type { Card, CreditDetail } from '@bozor/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { Modal, ModalHeader } from '../../../components/ui/modal.tsx';
import { cn } from '../../../lib/cn.ts';
import { failureMessage } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { toast } from '../../../lib/toast.ts';
import { CardRow, useCards } from '../../cards/index.ts';
import { useChangeAutopayCard } from '../api/change-card.ts';

function CardPicker({
  credit,
  open,
  onClose,
}: {
  credit: CreditDetail;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const cards = useCards();
  const change = useChangeAutopayCard();
  const [chosen, setChosen] = useState<number | null>(credit.card?.id ?? null);
  const list: Card[] = cards.data ?? [];

  const save = () => {
    if (chosen == null || chosen === credit.card?.id) {
      onClose();
      return;
    }
    change.mutate(
      { creditId: credit.id, cardId: chosen },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onClose();
        },
        onError: (failure) => toast.error(failureMessage(failure)),
      },
    );
  };

  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} className="md:max-w-md">
      <div className="flex flex-col gap-4 p-5">
        <ModalHeader
          titleId={titleId}
          title={t('installments.change_card.title')}
          onClose={onClose}
        />
        <p className="text-sm text-muted">{t('installments.change_card.text')}</p>
        {cards.isPending ? (
          <p className="text-sm text-muted">{t('common.loading')}</p>
        ) : (
          <fieldset className="flex flex-col gap-2">
            <legend className="sr-only">{t('installments.change_card.title')}</legend>
            {list.map((card) => (
              <label
                key={card.id}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-[10px] border-2 p-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary/40',
                  chosen === card.id ? 'border-primary bg-primary-soft' : 'border-line',
                )}
              >
                <input
                  type="radio"
                  name="autopay-card"
                  className="sr-only"
                  checked={chosen === card.id}
                  onChange={() => setChosen(card.id)}
                  aria-label={card.card_number}
                />
                <CardRow card={card} className="flex-1" />
              </label>
            ))}
          </fieldset>
        )}
        <Link
          to="/profile/add-card"
          className="self-start text-sm font-semibold text-primary hover:underline"
        >
          {t('installments.change_card.add')}
        </Link>
        <div className="grid grid-cols-2 gap-2">
          <button type="button" onClick={onClose} className={buttonClass('secondary')}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            onClick={save}
            disabled={change.isPending || chosen == null}
            className={buttonClass('primary')}
          >
            {change.isPending ? t('common.loading') : t('installments.change_card.save')}
          </button>
        </div>
      </div>
    </Modal>
  );
}

/** The card autopay debits, and for a running credit a way to move it to another card. */
export function AutopayCard({ credit }: { credit: CreditDetail }) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const open =
    credit.status === 'not_signed' || credit.status === 'active' || credit.status === 'overdue';
  if (!credit.card && !open) return null;
  return (
    <div className="flex flex-col gap-2 border-t border-line pt-3">
      <span className="text-xs text-muted">{t('installments.autopay_card')}</span>
      {credit.card ? (
        <>
          <CardRow card={credit.card} />
          {open && (
            <button
              type="button"
              onClick={() => setPicking(true)}
              className="self-start rounded-md px-1 py-1 text-sm font-semibold text-primary hover:underline"
            >
              {t('installments.change_card.open')}
            </button>
          )}
        </>
      ) : (
        <button
          type="button"
          onClick={() => setPicking(true)}
          className={cn(buttonClass('secondary'), 'self-start')}
        >
          {t('installments.change_card.choose')}
        </button>
      )}
      {open && <CardPicker credit={credit} open={picking} onClose={() => setPicking(false)} />}
    </div>
  );
}
