import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { CardIcon, PlusIcon } from '../../../components/ui/icons.tsx';
import { ListStates } from '../../../components/ui/list-states.tsx';
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';
import { StateMessage } from '../../../components/ui/state-message.tsx';
import { cn } from '../../../lib/cn.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { CardPicker, useCards } from '../../cards/index.ts';
import { CheckoutSection } from './checkout-shell.tsx';

/**
 * The card a checkout payment is made with: the bound cards to choose from and a way to add one,
 * with placeholders while they load, an error with a retry, and "no cards" leading to adding one.
 */
export function CardChoiceSection({
  title,
  legend = title,
  addCardTo,
  chosenId,
  onChoose,
  children,
}: {
  title: string;
  /** What a screen reader calls the list of cards. */
  legend?: string;
  /** Where adding a card opens, with the way back here. */
  addCardTo: string;
  chosenId: number | null;
  onChoose: (id: number) => void;
  /** Said above the cards. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const cards = useCards();
  const list = cards.data ?? [];
  const addCard = (className: string) => (
    <Link to={addCardTo} className={className}>
      <PlusIcon className="size-4" />
      {t('checkout.billing.add_card')}
    </Link>
  );
  return (
    <CheckoutSection
      title={title}
      action={list.length > 0 && addCard(cn(buttonClass('ghost'), 'px-2 text-primary'))}
    >
      {children}
      <ListStates
        query={cards}
        loading={
          <div className="flex flex-col gap-2" aria-busy="true">
            {placeholderKeys(2).map((key) => (
              <Skeleton key={key} className="h-[70px] w-full rounded-[10px]" />
            ))}
          </div>
        }
        errorClassName="py-4"
        empty={
          <StateMessage
            className="py-4"
            icon={<CardIcon className="size-7" />}
            title={t('checkout.billing.no_cards')}
            action={addCard(buttonClass('primary'))}
          />
        }
      >
        {(loaded) => (
          <CardPicker cards={loaded} chosenId={chosenId} onChoose={onChoose} legend={legend} />
        )}
      </ListStates>
    </CheckoutSection>
  );
}
