import { type ClipboardEvent, type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { cn } from '../../lib/cn.ts';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { ResendCountdown } from './resend-countdown.tsx';

interface CodeBoxesProps {
  length: number;
  value: string[];
  onChange: (value: string[]) => void;
  /** Called once every box holds a digit (SPEC §5: submission is automatic). */
  onComplete: (code: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  /** Focus the first box when shown (the code step opens to type the code). */
  autoFocus?: boolean;
}

/** `length` empty boxes. */
export const emptyCode = (length: number): string[] => Array.from({ length }, () => '');

/** Puts `digits` into the boxes from `start` on; returns the new boxes and the next box to focus. */
export function fillBoxes(value: string[], start: number, digits: string): [string[], number] {
  const next = [...value];
  let index = start;
  for (const digit of digits) {
    if (index >= next.length) break;
    next[index] = digit;
    index += 1;
  }
  return [next, Math.min(index, next.length - 1)];
}

/**
 * Six single-digit boxes (SPEC §5): digits only, a pasted or autofilled code fills them all,
 * Backspace clears the box and moves back, arrows move between boxes.
 */
export function CodeBoxes({
  length,
  value,
  onChange,
  onComplete,
  disabled,
  invalid,
  describedBy,
  autoFocus,
}: CodeBoxesProps) {
  const { t } = useTranslation();
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const focus = (index: number) => {
    const box = refs.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  useEffect(() => {
    if (autoFocus) refs.current[0]?.focus();
  }, [autoFocus]);

  // a wrong code clears the boxes while they are disabled for the check, which drops the focus:
  // typing the next try starts again at the first box
  const cleared = value.every((digit) => digit === '');
  const wasDisabled = useRef(disabled);
  useEffect(() => {
    const checked = wasDisabled.current && !disabled;
    wasDisabled.current = disabled;
    const active = document.activeElement;
    // the focus is lost, or still on a box where the browser keeps it on a disabled input
    const ours =
      active == null || active === document.body || refs.current.some((b) => b === active);
    if (checked && cleared && ours) refs.current[0]?.focus();
  }, [cleared, disabled]);

  const update = (next: string[], focusIndex: number) => {
    onChange(next);
    if (next.every((d) => d !== '')) onComplete(next.join(''));
    else focus(focusIndex);
  };

  const enter = (index: number, raw: string) => {
    const digits = raw.replace(/\D/g, '');
    if (!digits) return;
    if (digits.length >= length) {
      // a whole code, pasted or filled in from the SMS by the phone
      const [next, nextIndex] = fillBoxes(value, 0, digits.slice(0, length));
      update(next, nextIndex);
      return;
    }
    // typing into a box that holds a digit gives "old + new": keep the new one
    const typed =
      digits.length === 2 && value[index]
        ? digits.replace(value[index] ?? '', '') || digits.slice(0, 1)
        : digits;
    const [next, nextIndex] = fillBoxes(value, index, typed);
    update(next, typed.length > 1 ? nextIndex : index + 1);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      const next = [...value];
      if (next[index]) {
        next[index] = '';
        onChange(next);
        focus(index - 1);
      } else if (index > 0) {
        next[index - 1] = '';
        onChange(next);
        focus(index - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focus(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = event.clipboardData.getData('text').replace(/\D/g, '');
    if (!digits) return;
    const [next, nextIndex] = fillBoxes(value, digits.length >= length ? 0 : index, digits);
    update(next, nextIndex);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would add a border and legend the design does not have
    <div role="group" aria-label={t('code.label')} className="flex justify-center gap-2">
      {value.map((digit, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, not items
          key={index}
          ref={(el) => {
            refs.current[index] = el;
          }}
          value={digit}
          disabled={disabled}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={t('code.digit', { n: index + 1 })}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(e) => enter(index, e.target.value)}
          onKeyDown={(e) => onKeyDown(index, e)}
          onPaste={(e) => onPaste(index, e)}
          onFocus={(e) => e.target.select()}
          className={cn(
            'size-12 rounded-[10px] border bg-white text-center text-xl font-semibold tabular-nums text-ink outline-none transition-colors focus:border-primary focus:ring-2 focus:ring-primary/20 disabled:opacity-60 sm:size-[52px]',
            invalid ? 'border-danger' : 'border-line',
          )}
        />
      ))}
    </div>
  );
}

/**
 * A code step under its message (sign-in, a new card, signing a contract): the boxes, focused to
 * type; a wrong code's message or "checking" under them; the countdown to asking for a new code.
 */
export function CodeEntry({
  length,
  value,
  onChange,
  onComplete,
  checking,
  error,
  resendAt,
  onResend,
  resending,
}: {
  length: number;
  value: string[];
  onChange: (value: string[]) => void;
  onComplete: (code: string) => void;
  /** The code is being checked: the boxes wait. */
  checking: boolean;
  error: string | null;
  /** When a new code may be asked for, in ms. */
  resendAt: number;
  onResend: () => void;
  resending?: boolean;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  return (
    <>
      <CodeBoxes
        length={length}
        value={value}
        onChange={onChange}
        onComplete={onComplete}
        autoFocus
        disabled={checking}
        invalid={error != null}
        describedBy={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} role="alert" className="text-center text-sm text-danger">
          {error}
        </p>
      )}
      {checking && (
        <p role="status" className="text-center text-sm text-muted">
          {t('code.checking')}
        </p>
      )}
      <ResendCountdown until={resendAt} onResend={onResend} disabled={resending || checking} />
    </>
  );
}
