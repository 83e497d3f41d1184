import { MAX_ID } from '@bozor/shared';

/**
 * The id a path or query names: a whole number from 1 to MAX_ID written in digits, as the API's
 * ids are; anything else is null.
 */
export function idFrom(value: string | null | undefined): number | null {
  if (value == null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_ID ? id : null;
}
