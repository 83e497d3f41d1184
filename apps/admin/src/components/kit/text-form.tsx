import { useForm } from 'react-hook-form';
import { ApiError } from '../../lib/api.ts';
import { TextArea } from '../ui.tsx';
import { FormButtons } from './form.tsx';
import type { WriteFormProps } from './write-form.ts';

/**
 * A write of one text staff type (a reason, a note, a reply), sent trimmed. Its field says why
 * `check` or the server (naming the field `name`) refuses it; the buttons say any other refusal.
 */
export function TextForm({
  name,
  label,
  hint,
  initial = '',
  rows = 3,
  maxLength,
  autoFocus = false,
  check,
  submit,
  danger = false,
  busy,
  error,
  onCancel,
  onSubmit,
}: WriteFormProps<string> & {
  name: string;
  label: string;
  /** Said above the field. */
  hint?: string | undefined;
  initial?: string;
  rows?: number;
  maxLength: number;
  autoFocus?: boolean;
  /** Why the typed text (trimmed) cannot be sent, or nothing when it can. */
  check?: (text: string) => string | undefined;
  submit: string;
  /** The write cannot be undone (a cancellation, a refusal to the customer). */
  danger?: boolean;
}) {
  const form = useForm<Record<string, string>>({ defaultValues: { [name]: initial } });
  const fieldError = error instanceof ApiError ? error.fieldErrors[name]?.[0] : undefined;
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={form.handleSubmit((values) => onSubmit((values[name] ?? '').trim()))}
    >
      {hint && <p className="text-muted">{hint}</p>}
      <TextArea
        label={label}
        autoFocus={autoFocus}
        rows={rows}
        maxLength={maxLength}
        error={form.formState.errors[name]?.message ?? fieldError}
        {...form.register(name, { validate: (value) => check?.(value.trim()) ?? true })}
      />
      <FormButtons
        error={fieldError ? null : error}
        busy={busy}
        submit={submit}
        danger={danger}
        onCancel={onCancel}
      />
    </form>
  );
}
