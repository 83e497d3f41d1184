import type { PaymentType } from '@bozor/shared';
import { useSyncExternalStore } from 'react';

/** Where the goods go: a saved address, or a branch to collect them from. */
export type Delivery = { kind: 'address'; id: number } | { kind: 'branch'; id: number };

/** The choices of `/checkout`, kept until the order is placed: billing and adding a card read them. */
export interface CheckoutDraft {
  delivery: Delivery | null;
  paymentType: PaymentType;
  tariffId: number | null;
  prepayment: number;
  cardId: number | null;
  /**
   * The customer left checkout to take scoring (SPEC's isOrder): scoring's outcome leads back to
   * the order, whose goods the server keeps.
   */
  scoringForOrder: boolean;
}

export const EMPTY_DRAFT: CheckoutDraft = {
  delivery: null,
  paymentType: 'installment',
  tariffId: null,
  prepayment: 0,
  cardId: null,
  scoringForOrder: false,
};

const KEY = 'checkoutDraft';
const listeners = new Set<() => void>();
let cached: CheckoutDraft | null = null;

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

function parse(raw: unknown): CheckoutDraft {
  if (typeof raw !== 'object' || raw === null) return EMPTY_DRAFT;
  const d = raw as Partial<Record<keyof CheckoutDraft, unknown>>;
  const delivery = d.delivery as Partial<Delivery> | null | undefined;
  return {
    delivery:
      delivery && (delivery.kind === 'address' || delivery.kind === 'branch') && isId(delivery.id)
        ? { kind: delivery.kind, id: delivery.id }
        : null,
    paymentType: d.paymentType === 'full' ? 'full' : 'installment',
    tariffId: isId(d.tariffId) ? d.tariffId : null,
    prepayment:
      typeof d.prepayment === 'number' && Number.isInteger(d.prepayment) && d.prepayment > 0
        ? d.prepayment
        : 0,
    cardId: isId(d.cardId) ? d.cardId : null,
    scoringForOrder: d.scoringForOrder === true,
  };
}

function read(): CheckoutDraft {
  if (cached) return cached;
  try {
    cached = parse(JSON.parse(sessionStorage.getItem(KEY) ?? 'null'));
  } catch {
    cached = EMPTY_DRAFT;
  }
  return cached;
}

function write(next: CheckoutDraft | null): void {
  cached = next ?? EMPTY_DRAFT;
  try {
    if (next) sessionStorage.setItem(KEY, JSON.stringify(next));
    else sessionStorage.removeItem(KEY);
  } catch {
    // storage disabled: the choices last for this page view
  }
  for (const listener of listeners) listener();
}

/** Changes some of the checkout's choices. */
export function updateCheckoutDraft(change: Partial<CheckoutDraft>): void {
  write({ ...read(), ...change });
}

/** Forgets the choices once the order is placed. */
export function clearCheckoutDraft(): void {
  write(null);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The checkout's choices; kept for the browser tab, so a reload on billing keeps them. */
export function useCheckoutDraft(): CheckoutDraft {
  return useSyncExternalStore(subscribe, read, read);
}
