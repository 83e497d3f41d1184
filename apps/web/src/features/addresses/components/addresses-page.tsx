import { type DeliveryAddress, MAX_DELIVERY_ADDRESSES } from '@bozor/shared';
import { useState } from 'react';
import { buttonClass } from '../../../components/ui/button.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PinIcon, PlusIcon } from '../../../components/ui/icons.tsx';
import { ListStates, SkeletonList } from '../../../components/ui/list-states.tsx';
import { ProfileSection } from '../../../components/ui/profile-section.tsx';
import { StateMessage } from '../../../components/ui/state-message.tsx';
import { cn } from '../../../lib/cn.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useIsSignedIn } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useChooseDeliveryAddress } from '../api/choose-delivery-address.ts';
import { useDeleteDeliveryAddress } from '../api/delete-delivery-address.ts';
import { useDeliveryAddresses } from '../api/get-delivery-addresses.ts';
import { AddressCard, AddressCardSkeleton, useStreetLine } from './address-card.tsx';
import { AddressModal } from './address-modal.tsx';

type Editing = { address: DeliveryAddress | null } | null;

const errorText = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * /profile/addresses: the customer's delivery addresses, the current one (the latest the server
 * lists, SPEC §3) first and marked; add, correct, make current and delete (after a confirmation).
 * Without a session it shows nothing: the profile layout asks the visitor to sign in.
 */
export function AddressesPage() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const addresses = useDeliveryAddresses();
  const choose = useChooseDeliveryAddress();
  const remove = useDeleteDeliveryAddress();
  const streetLine = useStreetLine();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<DeliveryAddress | null>(null);

  if (!signedIn) return null;

  const list = addresses.data ?? [];
  const current = list.at(-1);
  const newestFirst = [...list].reverse();
  const full = list.length >= MAX_DELIVERY_ADDRESSES;
  const busyId = choose.isPending ? choose.variables : remove.isPending ? remove.variables : null;

  const makeCurrent = (address: DeliveryAddress) =>
    choose.mutate(address.id, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => toast.error(errorText(error, t('errors.generic'))),
    });
  const confirmDelete = () => {
    if (!deleting) return;
    const id = deleting.id;
    setDeleting(null);
    remove.mutate(id, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => toast.error(errorText(error, t('errors.generic'))),
    });
  };

  const addButton = (className?: string) => (
    <button
      type="button"
      onClick={() => setEditing({ address: null })}
      disabled={full}
      className={cn(buttonClass('primary'), className)}
    >
      <PlusIcon className="size-4" />
      {t('addresses.add')}
    </button>
  );

  return (
    <ProfileSection
      title={t('addresses.title')}
      action={list.length > 0 && addButton('w-full sm:w-auto')}
    >
      <ListStates
        query={addresses}
        loading={
          <SkeletonList count={3} className="grid grid-cols-1 gap-3 xl:grid-cols-2">
            <AddressCardSkeleton />
          </SkeletonList>
        }
        errorMessage={(error) => errorText(error, t('states.error_text'))}
        empty={
          <StateMessage
            icon={<PinIcon className="size-7" />}
            title={t('addresses.empty_title')}
            text={t('addresses.empty_text')}
            action={addButton()}
          />
        }
      >
        {() => (
          <>
            {full && (
              <p className="text-sm text-muted">
                {t('addresses.limit', { max: MAX_DELIVERY_ADDRESSES })}
              </p>
            )}
            <ul className="grid grid-cols-1 gap-3 xl:grid-cols-2" aria-labelledby="addresses-title">
              {newestFirst.map((address) => (
                <li key={address.id}>
                  <AddressCard
                    address={address}
                    current={address.id === current?.id}
                    busy={busyId === address.id}
                    onChoose={() => makeCurrent(address)}
                    onEdit={() => setEditing({ address })}
                    onDelete={() => setDeleting(address)}
                  />
                </li>
              ))}
            </ul>
          </>
        )}
      </ListStates>

      <AddressModal
        open={editing != null}
        address={editing?.address ?? null}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting != null}
        title={t('addresses.delete_title')}
        text={deleting ? t('addresses.delete_text', { address: streetLine(deleting) }) : ''}
        confirmLabel={t('addresses.delete')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </ProfileSection>
  );
}
