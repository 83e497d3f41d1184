import { ApiError } from './api-client.ts';
import type { TFunction } from './i18n/translator.ts';

/** A list the storefront shows, whether it lives in this browser or on the server. */
export interface ListState<T> {
  items: T[];
  status: 'pending' | 'error' | 'success';
  error: Error | null;
  refetch: () => void;
}

/** The text of a failed change: the server's message (SPEC §8). */
export function errorMessage(error: unknown, t: TFunction): string {
  return error instanceof Error && error.message ? error.message : t('errors.generic');
}

/**
 * The text of a failed list load (SPEC §8): the server's message, or 'Serverda xatolik' when the
 * server sent none. A lost connection says so instead.
 */
export function listErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && (error.isNetworkError || !error.code.startsWith('HTTP_'))) {
    return error.message;
  }
  return t('errors.server');
}
