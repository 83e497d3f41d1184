import { formatLocalPhone, PHONE_LOCAL_DIGITS, PHONE_PREFIX } from '@bozor/shared';
import type { Ref } from 'react';
import { cn } from '../../lib/cn.ts';
import { controlClass } from './form-field.tsx';

/** The nine local digits of a typed or pasted phone, with or without its +998. */
export function localDigits(input: string): string {
  const digits = input.replace(/\D/g, '');
  const local =
    digits.length > PHONE_LOCAL_DIGITS && digits.startsWith(PHONE_PREFIX)
      ? digits.slice(PHONE_PREFIX.length)
      : digits;
  return local.slice(0, PHONE_LOCAL_DIGITS);
}

/**
 * A phone typed after a fixed +998 with the 2-3-2-2 mask (SPEC §5). The value is what the API
 * takes: "998" and the digits typed, or "" while nothing is.
 */
export function PhoneInput({
  id,
  name,
  value,
  onChange,
  onBlur,
  inputRef,
  invalid,
  describedBy,
  autoComplete = 'tel-national',
}: {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  invalid: boolean;
  describedBy?: string;
  autoComplete?: string;
}) {
  return (
    <div
      className={cn(
        controlClass(invalid),
        'flex items-center focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/20',
      )}
    >
      <span className="mr-2 text-muted">+{PHONE_PREFIX}</span>
      <input
        id={id}
        ref={inputRef}
        name={name}
        value={formatLocalPhone(localDigits(value))}
        onChange={(e) => {
          const digits = localDigits(e.target.value);
          onChange(digits ? `${PHONE_PREFIX}${digits}` : '');
        }}
        onBlur={onBlur}
        type="tel"
        inputMode="tel"
        autoComplete={autoComplete}
        placeholder="90 123 45 67"
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        className="h-full min-w-0 flex-1 bg-transparent outline-none"
      />
    </div>
  );
}
