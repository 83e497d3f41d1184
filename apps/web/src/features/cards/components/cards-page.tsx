import type { Card } from '@bozor/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { CardIcon, PlusIcon, TrashIcon } from '../../../components/ui/icons.tsx';
import { ListStates, SkeletonList } from '../../../components/ui/list-states.tsx';
import { ProfileSection } from '../../../components/ui/profile-section.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { StateMessage } from '../../../components/ui/state-message.tsx';
import { cn } from '../../../lib/cn.ts';
import { failureMessage } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useIsSignedIn } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteCard } from '../api/delete-card.ts';
import { useCards } from '../api/get-cards.ts';
import { CardBadge, groupCardNumber } from './card-badge.tsx';

const GATEWAY_TITLES = { payme: 'Payme', click: 'Click' } as const;

/**
 * One bound card: the scheme's mark, the masked number, the expiry and the gateway that bound it
 * (its payments go through it); `action` at the end.
 */
export function CardRow({
  card,
  action,
  className,
}: {
  card: Card;
  action?: React.ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <CardBadge type={card.type} />
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="font-semibold tracking-wide text-ink tabular-nums">
          {groupCardNumber(card.card_number)}
        </span>
        <span className="text-xs text-muted">
          {t('cards.expires', { date: card.expire })}
          {card.gateway && card.gateway !== 'sandbox'
            ? ` · ${t('cards.through', { gateway: GATEWAY_TITLES[card.gateway] })}`
            : null}
        </span>
      </div>
      {action}
    </div>
  );
}

function CardRowSkeleton() {
  return (
    <div className="flex items-center gap-3 rounded-[12px] bg-white p-4" aria-hidden="true">
      <Skeleton className="h-[38px] w-[60px] rounded-[6px]" />
      <div className="flex flex-1 flex-col gap-2">
        <Skeleton className="h-4 w-44" />
        <Skeleton className="h-3 w-24" />
      </div>
    </div>
  );
}

/**
 * /profile/cards: the Uzcard and Humo cards the customer bound, each deleted after a confirmation,
 * and the way to bind another (/user/add-card, whose code step leads back here). Without a
 * session it shows nothing: the profile layout asks the visitor to sign in.
 */
export function CardsPage() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const cards = useCards();
  const remove = useDeleteCard();
  const [deleting, setDeleting] = useState<Card | null>(null);

  if (!signedIn) return null;

  const list = cards.data ?? [];
  const confirmDelete = () => {
    if (!deleting) return;
    const id = deleting.id;
    setDeleting(null);
    remove.mutate(id, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => toast.error(failureMessage(error)),
    });
  };

  const addLink = (className?: string) => (
    <Link to="/user/add-card" className={cn(buttonClass('primary'), className)}>
      <PlusIcon className="size-4" />
      {t('cards.add')}
    </Link>
  );

  return (
    <ProfileSection
      title={t('profile.menu.cards')}
      action={list.length > 0 && addLink('w-full sm:w-auto')}
    >
      <ListStates
        query={cards}
        loading={
          <SkeletonList count={2} className="grid grid-cols-1 gap-3 xl:grid-cols-2">
            <CardRowSkeleton />
          </SkeletonList>
        }
        errorMessage={failureMessage}
        empty={
          <StateMessage
            icon={<CardIcon className="size-7" />}
            title={t('cards.empty_title')}
            text={t('cards.empty_text')}
            action={addLink()}
          />
        }
      >
        {() => (
          <ul className="grid grid-cols-1 gap-3 xl:grid-cols-2" data-testid="cards">
            {list.map((card) => {
              const number = groupCardNumber(card.card_number);
              return (
                <li key={card.id}>
                  <article aria-label={number} className="rounded-[12px] bg-white p-4">
                    <CardRow
                      card={card}
                      action={
                        <button
                          type="button"
                          onClick={() => setDeleting(card)}
                          disabled={remove.isPending && remove.variables === card.id}
                          aria-label={t('cards.delete_label', { number })}
                          className="grid size-10 shrink-0 place-items-center rounded-[10px] text-danger hover:bg-danger/5 disabled:opacity-50"
                        >
                          <TrashIcon className="size-5" />
                        </button>
                      }
                    />
                  </article>
                </li>
              );
            })}
          </ul>
        )}
      </ListStates>

      <ConfirmDialog
        open={deleting != null}
        title={t('cards.delete_title')}
        text={
          deleting ? t('cards.delete_text', { number: groupCardNumber(deleting.card_number) }) : ''
        }
        confirmLabel={t('cards.delete')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </ProfileSection>
  );
}
