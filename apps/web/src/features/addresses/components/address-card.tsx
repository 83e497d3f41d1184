import { type DeliveryAddress, formatPhone } from '@bozor/shared';
import { CheckIcon, PencilIcon, PinIcon, TrashIcon } from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';

const actionClass =
  'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-[8px] px-3 text-sm font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-50';

/** "Navoiy ko'chasi, 12-uy, 5-xonadon": street and house with the apartment when there is one. */
export function useStreetLine(): (address: DeliveryAddress) => string {
  const { t } = useTranslation();
  return (address) =>
    address.apartment
      ? `${address.address}, ${t('addresses.apartment_short', { value: address.apartment })}`
      : address.address;
}

/** One saved address; the current one is marked and offers no "make current". */
export function AddressCard({
  address,
  current,
  busy,
  onChoose,
  onEdit,
  onDelete,
}: {
  address: DeliveryAddress;
  current: boolean;
  busy: boolean;
  onChoose: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const streetLine = useStreetLine()(address);
  return (
    <article
      aria-label={streetLine}
      aria-current={current ? 'true' : undefined}
      className={cn(
        'flex h-full flex-col gap-3 rounded-[12px] border bg-white p-4',
        current ? 'border-primary' : 'border-transparent',
      )}
    >
      <div className="flex items-start gap-3">
        <div
          className={cn(
            'grid size-10 shrink-0 place-items-center rounded-full',
            current ? 'bg-primary text-white' : 'bg-primary-soft text-primary',
          )}
        >
          <PinIcon className="size-5" />
        </div>
        <div className="min-w-0 flex-1">
          {current && (
            <p className="mb-1 inline-flex items-center gap-1 rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold text-primary">
              <CheckIcon className="size-3.5" />
              {t('addresses.current')}
            </p>
          )}
          <p className="text-sm text-muted">
            {address.region.name}, {address.district.name}
          </p>
          <p className="mt-0.5 text-base font-semibold break-words text-ink">{streetLine}</p>
          {address.landmark && (
            <p className="mt-1 text-sm break-words text-muted">
              {t('addresses.landmark_line', { value: address.landmark })}
            </p>
          )}
          <p className="mt-1 text-sm text-ink">
            {t('addresses.recipient_line', { phone: formatPhone(address.phone) })}
          </p>
        </div>
      </div>
      <div className="mt-auto flex items-center gap-1 border-t border-line pt-3">
        {!current && (
          <button
            type="button"
            onClick={onChoose}
            disabled={busy}
            className={cn(actionClass, 'bg-primary-soft text-primary hover:bg-[#e6d6ff]')}
          >
            <CheckIcon className="size-4" />
            {t('addresses.make_current')}
          </button>
        )}
        <button
          type="button"
          onClick={onEdit}
          disabled={busy}
          className={cn(actionClass, 'text-ink hover:bg-black/5')}
        >
          <PencilIcon className="size-4" />
          {t('addresses.edit')}
        </button>
        <button
          type="button"
          onClick={onDelete}
          disabled={busy}
          aria-label={t('addresses.delete')}
          className={cn(actionClass, 'ml-auto text-danger hover:bg-danger/5')}
        >
          <TrashIcon className="size-4" />
          {/* the icon alone on phones, where three labelled buttons do not fit one row */}
          <span className="hidden sm:inline">{t('addresses.delete')}</span>
        </button>
      </div>
    </article>
  );
}

export function AddressCardSkeleton() {
  return (
    <div className="flex flex-col gap-3 rounded-[12px] bg-white p-4" aria-hidden="true">
      <div className="flex items-start gap-3">
        <Skeleton className="size-10 shrink-0 rounded-full" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-4 w-2/5" />
        </div>
      </div>
      <div className="flex gap-2 border-t border-line pt-3">
        <Skeleton className="h-9 w-28" />
        <Skeleton className="h-9 w-24" />
      </div>
    </div>
  );
}
