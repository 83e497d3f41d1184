import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';
import { useTranslation } from './i18n/react.tsx';
import i18n from './i18n.ts';

/** A failed call's message for a toast: the server's own text, translated by it. */
export function failureMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : i18n.t('errors.generic');
}

/**
 * Puts a failed call's field errors under the form's own `fields`; answers whether it placed any.
 * The server's texts arrive translated, so they are marked 'server' and shown as they are.
 */
export function placeServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiError)) return false;
  const found = Object.entries(error.fieldErrors).filter(([field]) =>
    (fields as readonly string[]).includes(field),
  );
  found.forEach(([field, texts], index) => {
    setError(field as Path<T>, { type: 'server', message: texts[0] }, { shouldFocus: index === 0 });
  });
  return found.length > 0;
}

/**
 * The text of a field's error: the server's as it came, a rule of the shared schema (a key such
 * as `passport_invalid`) in the interface language.
 */
export function useFieldMessage(): (
  error: { message?: string; type?: string } | undefined,
) => string | undefined {
  const { t } = useTranslation();
  return (error) => {
    if (!error?.message) return undefined;
    return error.type === 'server'
      ? error.message
      : t(`form_errors.${error.message}`, { defaultValue: t('form_errors.invalid') });
  };
}
