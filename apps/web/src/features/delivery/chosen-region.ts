import { createLocalStore, useLocalStore } from '../../lib/local-store.ts';

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

/**
 * The region the shopper looks at delivery to, remembered in this browser; null until they pick
 * one, when the shop's first region (Tashkent city) is meant.
 */
const chosenRegion = createLocalStore<number | null>('deliveryRegion', (raw) =>
  isId(raw) ? raw : null,
);

export function useChosenRegion(): [number | null, (id: number) => void] {
  return [useLocalStore(chosenRegion), (id) => chosenRegion.set(id)];
}
