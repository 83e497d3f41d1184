import { useMutation } from '@tanstack/react-query';
import { type ReactNode, type RefObject, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { SubjectDialog } from '../../components/kit/subject-dialog.tsx';
import { Button, cn, Field, Notice } from '../../components/ui.tsx';
import { ApiError } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';

const NOTE_MAX = 500;

interface NoteDialogProps<Subject> {
  /** The case the note is about; the dialog is open while there is one. */
  subject: Subject | undefined;
  title: (subject: Subject) => string;
  /** One sentence: what confirming does. */
  does: (subject: Subject) => string;
  /** What it is about (the payment or mismatch), above the note. */
  context?: (subject: Subject) => ReactNode;
  submit: string;
  send: (note: string, subject: Subject) => Promise<{ message: string }>;
  /** Called with the API's message; the dialog stays busy until what it returns settles. */
  onDone: (message: string) => Promise<unknown>;
  /** The case is no longer what the list showed: read the list again. */
  onStale: () => void;
  onClose: () => void;
}

/**
 * A money write that a person explains: what it does, a note of 3–500 characters (the audit log
 * keeps it), Cancel and Confirm. A refusal because the case changed meanwhile (409, or 404 when a
 * day was compared again) stays in the dialog with the API's words, and the list behind is read
 * again.
 */
export function NoteDialog<Subject>(props: NoteDialogProps<Subject>) {
  return (
    <SubjectDialog subject={props.subject} title={props.title} onClose={props.onClose}>
      {(subject) => <NoteForm {...props} subject={subject} />}
    </SubjectDialog>
  );
}

function NoteForm<Subject>({
  subject,
  does,
  context,
  submit,
  send,
  onDone,
  onStale,
  onClose,
}: NoteDialogProps<Subject> & { subject: Subject }) {
  const { t } = useI18n();
  const form = useForm({ defaultValues: { note: '' } });
  const write = useMutation({
    mutationFn: (note: string) => send(note, subject),
    onSuccess: (answer) => onDone(answer.message),
    onError: (error) => {
      if (isStale(error)) onStale();
    },
  });
  const stale = isStale(write.error);
  const fieldError =
    write.error instanceof ApiError ? write.error.fieldErrors.note?.[0] : undefined;
  const error = form.formState.errors.note?.message ?? fieldError;
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={form.handleSubmit((values) => {
        if (!write.isPending) write.mutate(values.note.trim());
      })}
    >
      {context?.(subject)}
      <p>{does(subject)}</p>
      <Field label={t('resolve.note')} error={error} hint={t('resolve.noteHint')}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={NOTE_MAX}
            aria-required
            className={cn(
              'w-full rounded-control border border-line bg-white px-3 py-2 text-ink',
              'aria-[invalid=true]:border-danger',
            )}
            {...form.register('note', {
              validate: (value) => value.trim().length >= 3 || t('resolve.noteShort'),
            })}
          />
        )}
      </Field>
      {write.isError && !fieldError && (
        <Notice tone="danger">
          {write.error.message}
          {stale && <span className="mt-1 block text-ink">{t('resolve.listRefreshed')}</span>}
        </Notice>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button onClick={onClose}>{stale ? t('common.close') : t('common.cancel')}</Button>
        {!stale && (
          <Button type="submit" variant="primary" busy={write.isPending}>
            {submit}
          </Button>
        )}
      </div>
    </form>
  );
}

function isStale(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 409 || error.status === 404);
}

/**
 * Where focus goes back when a dialog closes: the button that opened it, found again by its key
 * (the list may have been read again meanwhile), else `fallback` (the section's heading) when that
 * case has left the list.
 */
export function useReturnFocus(fallback: RefObject<HTMLElement | null>) {
  const key = useRef<string | null>(null);
  return useMemo(
    () => ({
      remember(next: string) {
        key.current = next;
      },
      restore() {
        const wanted = key.current;
        key.current = null;
        if (wanted === null) return;
        const button = [...document.querySelectorAll<HTMLElement>('[data-focus-key]')].find(
          (element) => element.dataset.focusKey === wanted,
        );
        (button ?? fallback.current)?.focus();
      },
    }),
    [fallback],
  );
}
