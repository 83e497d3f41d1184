import type { DeliveryAddress } from '@bozor/shared';
import { useState } from 'react';
import { buttonClass } from '../../../components/ui/button.ts';
import { ChoiceRow } from '../../../components/ui/choice-row.tsx';
import { PlusIcon } from '../../../components/ui/icons.tsx';
import { ListStates } from '../../../components/ui/list-states.tsx';
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { AddressModal, useDeliveryAddresses, useStreetLine } from '../../addresses/index.ts';
import { useBranches } from '../api/get-branches.ts';
import { type CheckoutDraft, type Delivery, updateCheckoutDraft } from '../checkout-draft.ts';
import { CheckoutSection, ChipRadio } from './checkout-shell.tsx';

/** The customer's choice of delivery, or the one to suggest: the current (last) saved address. */
export function deliveryOf(
  draft: CheckoutDraft,
  addresses: DeliveryAddress[] | undefined,
): Delivery | null {
  if (draft.delivery) return draft.delivery;
  const current = addresses?.at(-1);
  return current ? { kind: 'address', id: current.id } : null;
}

/** Delivery to one of the saved addresses (or a new one) or pickup from a branch. */
export function DeliverySection({ delivery }: { delivery: Delivery | null }) {
  const { t } = useTranslation();
  const addresses = useDeliveryAddresses();
  const branches = useBranches();
  const streetLine = useStreetLine();
  const [adding, setAdding] = useState(false);
  const [mode, setMode] = useState<Delivery['kind']>(delivery?.kind ?? 'address');

  const pickMode = (kind: Delivery['kind']) => {
    setMode(kind);
    if (delivery?.kind !== kind) updateCheckoutDraft({ delivery: null });
  };

  const rows = (count: number) => (
    <div className="flex flex-col gap-2" aria-busy="true">
      {placeholderKeys(count).map((key) => (
        <Skeleton key={key} className="h-16 w-full rounded-[10px]" />
      ))}
    </div>
  );

  return (
    <CheckoutSection title={t('checkout.delivery')}>
      <fieldset className="grid grid-cols-2 gap-2">
        <legend className="sr-only">{t('checkout.delivery')}</legend>
        {(['address', 'branch'] as const).map((kind) => (
          <ChipRadio
            key={kind}
            name="delivery-kind"
            checked={mode === kind}
            onChange={() => pickMode(kind)}
            className="h-11 items-center justify-center px-2 text-center"
          >
            {kind === 'address' ? t('checkout.delivery_address') : t('checkout.delivery_pickup')}
          </ChipRadio>
        ))}
      </fieldset>
      {mode === 'address' ? (
        <ListStates query={addresses} loading={rows(2)} errorClassName="py-4">
          {(list) => (
            <fieldset className="flex flex-col gap-2">
              <legend className="sr-only">{t('checkout.delivery_address')}</legend>
              {list.length === 0 && (
                <p className="text-sm text-muted">{t('checkout.no_addresses')}</p>
              )}
              {[...list].reverse().map((address) => (
                <ChoiceRow
                  key={address.id}
                  name="address"
                  checked={delivery?.kind === 'address' && delivery.id === address.id}
                  onChange={() =>
                    updateCheckoutDraft({ delivery: { kind: 'address', id: address.id } })
                  }
                >
                  <span className="text-sm font-semibold">{streetLine(address)}</span>
                  <span className="text-xs text-muted">
                    {address.district.name}, {address.region.name}
                  </span>
                </ChoiceRow>
              ))}
              <button
                type="button"
                onClick={() => setAdding(true)}
                className={cn(buttonClass('ghost'), 'self-start px-2 text-primary')}
              >
                <PlusIcon className="size-4" />
                {t('checkout.add_address')}
              </button>
              <AddressModal open={adding} address={null} onClose={() => setAdding(false)} />
            </fieldset>
          )}
        </ListStates>
      ) : (
        <ListStates
          query={branches}
          loading={rows(3)}
          errorClassName="py-4"
          empty={<p className="text-sm text-muted">{t('checkout.no_branches')}</p>}
        >
          {(list) => (
            <fieldset className="flex flex-col gap-2">
              <legend className="sr-only">{t('checkout.delivery_pickup')}</legend>
              {list.map((branch) => (
                <ChoiceRow
                  key={branch.id}
                  name="branch"
                  checked={delivery?.kind === 'branch' && delivery.id === branch.id}
                  onChange={() =>
                    updateCheckoutDraft({ delivery: { kind: 'branch', id: branch.id } })
                  }
                >
                  <span className="text-sm font-semibold">{branch.name}</span>
                  <span className="text-xs text-muted">{branch.address}</span>
                  <span className="text-xs text-muted">{branch.working_hours}</span>
                </ChoiceRow>
              ))}
            </fieldset>
          )}
        </ListStates>
      )}
    </CheckoutSection>
  );
}
