import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { ChevronRightIcon, PlusIcon } from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { failureMessage } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useCards } from '../../cards/index.ts';

/**
 * Scoring's card step: the card whose turnover scoring reads. A customer with bound cards chooses
 * one (/scoring/list-cards) or adds another; one without adds a card (/scoring/add-card).
 */
export function CardStep() {
  const { t } = useTranslation();
  const cards = useCards();

  if (cards.isError) {
    return (
      <ErrorState message={failureMessage(cards.error)} onRetry={() => void cards.refetch()} />
    );
  }
  const count = cards.data?.length ?? 0;
  return (
    <div className="flex flex-col items-start gap-4">
      <p className="text-sm text-muted">{t('scoring.card.intro')}</p>
      {cards.isPending ? (
        <Skeleton className="h-12 w-full rounded-[10px] sm:w-56" />
      ) : count > 0 ? (
        <div className="flex w-full flex-col gap-2 sm:flex-row">
          <Link
            to="/scoring/list-cards"
            className={cn(buttonClass('primary'), 'h-12 w-full sm:w-auto')}
          >
            {t('scoring.card.choose', { n: count })}
            <ChevronRightIcon className="size-4" />
          </Link>
          <Link
            to="/scoring/add-card"
            className={cn(buttonClass('secondary'), 'h-12 w-full sm:w-auto')}
          >
            <PlusIcon className="size-4" />
            {t('scoring.card.add_other')}
          </Link>
        </div>
      ) : (
        <Link
          to="/scoring/add-card"
          className={cn(buttonClass('primary'), 'h-12 w-full sm:w-auto')}
        >
          <PlusIcon className="size-4" />
          {t('scoring.card.add')}
        </Link>
      )}
    </div>
  );
}
