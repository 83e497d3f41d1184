import type { Card } from '@bozor/shared';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { PlusIcon } from '../../../components/ui/icons.tsx';
import { SkeletonList } from '../../../components/ui/list-states.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { failureMessage } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { toast } from '../../../lib/toast.ts';
import { AddCardFlow, CardPicker, useCards } from '../../cards/index.ts';
import { useChooseScoringCard } from '../api/choose-scoring-card.ts';
import { ScoringSubpage, useScoringCustomer } from './scoring-layout.tsx';

/**
 * /scoring/add-card: the card form, then the holder's code; the card just bound becomes the one
 * scoring reads, and the customer goes on to the next step.
 */
export function ScoringAddCardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const choose = useChooseScoringCard();

  const chooseForScoring = async (card: Card) => {
    try {
      await choose.mutateAsync(card.id);
      navigate('/scoring');
    } catch (error) {
      toast.error(failureMessage(error));
      navigate('/scoring/list-cards');
    }
  };

  return (
    <ScoringSubpage title={t('scoring.card.add_title')} text={t('scoring.card.intro')}>
      <AddCardFlow onConfirmed={chooseForScoring} />
    </ScoringSubpage>
  );
}

/** /scoring/list-cards: the bound cards to choose the one scoring reads, or a new one to add. */
export function ScoringListCardsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { scoring } = useScoringCustomer();
  const cards = useCards();
  const choose = useChooseScoringCard();
  const [picked, setPicked] = useState<number | null>(null);

  if (cards.data?.length === 0) return <Navigate to="/scoring/add-card" replace />;

  const list = cards.data ?? [];
  const chosenId = picked ?? scoring.card_id ?? list[0]?.id ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosenId == null) return;
    try {
      const answer = await choose.mutateAsync(chosenId);
      toast.success(answer.message);
      navigate('/scoring');
    } catch (error) {
      toast.error(failureMessage(error));
    }
  };

  return (
    <ScoringSubpage title={t('scoring.card.choose_title')} text={t('scoring.card.intro')}>
      {cards.isPending ? (
        <SkeletonList count={2} className="flex flex-col gap-2">
          <Skeleton className="h-[70px] w-full rounded-[10px]" />
        </SkeletonList>
      ) : cards.isError ? (
        <ErrorState message={failureMessage(cards.error)} onRetry={() => void cards.refetch()} />
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4">
          <CardPicker
            cards={list}
            chosenId={chosenId}
            onChoose={setPicked}
            legend={t('scoring.card.choose_title')}
            mark="tick"
          />
          <Link
            to="/scoring/add-card"
            className={cn(buttonClass('ghost'), 'self-start px-2 text-primary')}
          >
            <PlusIcon className="size-4" />
            {t('scoring.card.add_other')}
          </Link>
          <button
            type="submit"
            disabled={choose.isPending || chosenId == null}
            className={cn(buttonClass('primary'), 'h-12 w-full text-base')}
          >
            {choose.isPending ? t('scoring.sending') : t('scoring.card.use_this')}
          </button>
        </form>
      )}
    </ScoringSubpage>
  );
}
