import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { buttonClass } from './button.ts';

/** Whole seconds left until `until` (a time in ms); re-renders four times a second to stay current. */
export function useSecondsLeft(until: number): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setTick((n) => n + 1), 250);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((until - Date.now()) / 1000));
}

/**
 * Under a code's boxes (SPEC §4): "send again in 0:59" while more than a second remains, then the
 * button that asks for a new code.
 */
export function ResendCountdown({
  until,
  onResend,
  disabled,
}: {
  /** When a new code may be asked for, in ms. */
  until: number;
  onResend: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const secondsLeft = useSecondsLeft(until);
  const minutes = Math.floor(secondsLeft / 60);
  const seconds = String(secondsLeft % 60).padStart(2, '0');
  return (
    <div className="flex min-h-10 items-center justify-center">
      {secondsLeft >= 1 ? (
        <p className="text-sm text-muted" aria-live="off">
          {t('code.resend_in', { time: `${minutes}:${seconds}` })}
        </p>
      ) : (
        <button
          type="button"
          onClick={onResend}
          disabled={disabled}
          className={buttonClass('secondary')}
        >
          {t('code.resend')}
        </button>
      )}
    </div>
  );
}
