import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** A labelled control with its error under it, tied to it by `${id}-error`. */
export function FormField({
  id,
  label,
  hint,
  error,
  errorTestId,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error: string | undefined;
  errorTestId?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
        {hint && <span className="ml-1 font-normal text-muted">{hint}</span>}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-xs text-danger" data-testid={errorTestId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The shop's text inputs and selects: a red border while the field has an error. */
export const controlClass = (invalid: boolean) =>
  cn(
    'h-11 w-full min-w-0 rounded-[10px] border bg-white px-3 text-sm text-ink outline-none focus:border-primary focus-visible:ring-2 focus-visible:ring-primary/20 disabled:cursor-not-allowed disabled:bg-page disabled:text-muted',
    invalid ? 'border-danger' : 'border-line',
  );

/**
 * A labelled text input with its hint and its error, which screen readers hear with it
 * (aria-invalid, aria-describedby). Takes an input's props: `register(name)` spread in, or a
 * `Controller` field's value, onChange, onBlur, name and ref.
 */
export function TextField({
  id,
  label,
  hint,
  error,
  className,
  ...input
}: Omit<ComponentProps<'input'>, 'id'> & {
  id: string;
  label: string;
  hint?: string;
  error: string | undefined;
}) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn(controlClass(!!error), className)}
      />
    </FormField>
  );
}
