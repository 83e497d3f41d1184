import type { DeliveryAddress, SizeClass } from '@bozor/shared';
import { useDeliveryAddresses } from '../addresses/index.ts';
import { type QuoteTarget, useDeliveryQuote } from '../delivery/index.ts';
import type { Delivery } from './checkout-draft.ts';

/** What to quote delivery for: pick-up, or a courier to the chosen address's region and district. */
export function quoteTargetOf(
  delivery: Delivery | null,
  addresses: DeliveryAddress[] | undefined,
): QuoteTarget | null {
  if (!delivery) return null;
  if (delivery.kind === 'branch') return { type: 'pickup' };
  const address = addresses?.find((a) => a.id === delivery.id);
  return address
    ? { type: 'courier', regionId: address.region.id, districtId: address.district.id }
    : null;
}

/**
 * Delivery of the checkout's goods (`goods`, their sum; `sizeClass`, bulky when any line is) to
 * the chosen address or branch: the quote, and its fee (0 until it comes). The order's server
 * charges the same rule at placing, from the goods themselves.
 */
export function useShipping(delivery: Delivery | null, goods: number, sizeClass: SizeClass) {
  const addresses = useDeliveryAddresses();
  const quote = useDeliveryQuote(quoteTargetOf(delivery, addresses.data), {
    sum: goods,
    sizeClass,
  });
  return { quote, fee: quote.data?.fee ?? 0 };
}
