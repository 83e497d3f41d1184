import { formatLocalPhone, OTP_LENGTH, PHONE_LOCAL_DIGITS, PHONE_PREFIX } from '@bozor/shared';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { CodeEntry, emptyCode } from '../../../components/ui/code-boxes.tsx';
import { ChevronLeftIcon } from '../../../components/ui/icons.tsx';
import { Modal, ModalHeader } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { browser } from '../../../lib/browser.ts';
import { cn } from '../../../lib/cn.ts';
import { Trans, useTranslation } from '../../../lib/i18n/react.tsx';
import { storeSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { afterSignIn } from '../after-sign-in.ts';
import { resendCode } from '../api/resend-code.ts';
import { sendCode } from '../api/send-code.ts';
import { signIn } from '../api/sign-in.ts';
import { closeSignIn, signInNextPath, useSignInOpen } from '../sign-in-state.ts';

const emptyOtp = () => emptyCode(OTP_LENGTH);

function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError || error instanceof Error ? error.message || fallback : fallback;
}

interface PhoneForm {
  digits: string;
  accepted: boolean;
}

function PhoneStep({
  form,
  onFormChange,
  onSent,
}: {
  form: PhoneForm;
  onFormChange: (form: PhoneForm) => void;
  onSent: (challenge: Challenge) => void;
}) {
  const { t } = useTranslation();
  const { digits, accepted } = form;
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const inputId = useId();
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (digits.length < PHONE_LOCAL_DIGITS) {
      setError(t('auth.write_phone_number'));
      return;
    }
    setSending(true);
    setError(null);
    try {
      const challenge = await sendCode(`${PHONE_PREFIX}${digits}`);
      onSent({
        token: challenge.token,
        phone: challenge.phone,
        resendAt: Date.now() + challenge.resend_in * 1000,
        channel: challenge.channel,
      });
    } catch (err) {
      // SPEC §8: a failed phone request is shown in the modal
      setError(errorText(err, t('errors.generic')));
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 px-5 pt-1 pb-5">
      <p className="text-sm text-muted">{t('auth.phone_text')}</p>
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium text-ink">
          {t('auth.phone_label')}
        </label>
        <div
          className={cn(
            'flex h-12 items-center rounded-[10px] border bg-white px-3 focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/20',
            error ? 'border-danger' : 'border-line',
          )}
        >
          <span className="mr-2 text-base font-medium text-ink">+{PHONE_PREFIX}</span>
          <input
            id={inputId}
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            // biome-ignore lint/a11y/noAutofocus: the dialog opens to type the phone
            autoFocus
            placeholder="90 123 45 67"
            value={formatLocalPhone(digits)}
            onChange={(e) => {
              onFormChange({
                ...form,
                digits: e.target.value.replace(/\D/g, '').slice(0, PHONE_LOCAL_DIGITS),
              });
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            aria-required="true"
            className="h-full min-w-0 flex-1 bg-transparent text-base tracking-wide outline-none placeholder:text-muted/60"
          />
        </div>
        {error && (
          <p id={errorId} role="alert" className="text-xs text-danger">
            {error}
          </p>
        )}
      </div>
      <label className="flex items-start gap-2.5 text-sm text-ink">
        <input
          type="checkbox"
          checked={accepted}
          onChange={(e) => onFormChange({ ...form, accepted: e.target.checked })}
          className="mt-0.5 size-5 shrink-0 accent-primary"
        />
        <span>
          <Trans
            i18nKey="auth.offer"
            // "link" would be read as the void HTML element, so the tag is named "offer"
            components={{
              offer: (
                <Link
                  to="/offer"
                  target="_blank"
                  rel="noopener"
                  className="font-medium text-primary underline-offset-2 hover:underline"
                />
              ),
            }}
          />
        </span>
      </label>
      <button
        type="submit"
        disabled={!accepted || sending}
        className={cn(buttonClass('primary'), 'h-12 w-full text-base')}
      >
        {sending ? t('auth.sending') : t('auth.get_code')}
      </button>
    </form>
  );
}

function CodeStep({
  challenge,
  onResent,
}: {
  challenge: Challenge;
  onResent: (challenge: Challenge) => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState(emptyOtp);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [resending, setResending] = useState(false);

  const check = async (value: string) => {
    setChecking(true);
    setError(null);
    try {
      const session = await signIn(challenge.token, value);
      storeSession(session.token, session.user.phone);
      await afterSignIn();
      // SPEC §4: signed in, the page reloads so every part of it shows the customer's data; a
      // visitor on the way to a customers' page (the installment call-to-action) lands there
      const next = signInNextPath();
      if (next) browser.assign(next);
      else browser.reload();
    } catch (err) {
      const message = errorText(err, t('auth.check_failed'));
      setError(message);
      toast.error(message);
      setCode(emptyOtp());
      setChecking(false);
    }
  };

  const resend = async () => {
    setResending(true);
    setError(null);
    try {
      const next = await resendCode(challenge.token);
      setCode(emptyOtp());
      onResent({
        token: next.token,
        phone: next.phone,
        resendAt: Date.now() + next.resend_in * 1000,
      });
      toast.success(t('code.resend_sms'));
    } catch (err) {
      setError(errorText(err, t('errors.generic')));
    } finally {
      setResending(false);
    }
  };

  const phone = `+${PHONE_PREFIX} ${formatLocalPhone(challenge.phone.slice(3))}`;
  return (
    <div className="flex flex-col gap-4 px-5 pt-1 pb-5">
      <p className="text-sm text-muted">
        {challenge.channel === 'telegram'
          ? t('auth.code_text_telegram', { phone })
          : t('auth.code_text', { phone })}
      </p>
      <CodeEntry
        length={OTP_LENGTH}
        value={code}
        onChange={(next) => {
          setCode(next);
          setError(null);
        }}
        onComplete={check}
        checking={checking}
        error={error}
        resendAt={challenge.resendAt}
        onResend={resend}
        resending={resending}
      />
    </div>
  );
}

/** A code sent: the challenge's token, the phone it went to and when another may be asked for. */
interface Challenge {
  token: string;
  phone: string;
  resendAt: number;
  /** `telegram` when Telegram carried the code (a new code asked for comes by SMS). */
  channel?: 'telegram' | undefined;
}

type Step = { kind: 'phone' } | ({ kind: 'code' } & Challenge);
const EMPTY_FORM: PhoneForm = { digits: '', accepted: false };

/** SPEC §2 login modal: the phone and the offer, then the six-digit code from the SMS. */
export function SignInModal() {
  const { t } = useTranslation();
  const open = useSignInOpen();
  const [step, setStep] = useState<Step>({ kind: 'phone' });
  const [form, setForm] = useState(EMPTY_FORM);
  // a new key remounts the steps, so opening or closing starts over with no error (SPEC §4)
  const [session, setSession] = useState(0);

  useEffect(() => {
    if (!open) return;
    setStep({ kind: 'phone' });
    setForm(EMPTY_FORM);
    setSession((n) => n + 1);
  }, [open]);

  const close = () => {
    closeSignIn();
    setStep({ kind: 'phone' });
  };

  return (
    <Modal
      open={open}
      onClose={close}
      labelledBy="sign-in-title"
      testId="sign-in-modal"
      className="md:max-w-[420px]"
    >
      <ModalHeader
        titleId="sign-in-title"
        title={step.kind === 'phone' ? t('auth.title') : t('auth.code_title')}
        onClose={close}
        className="px-3 pt-3"
        leading={
          step.kind === 'code' ? (
            <button
              type="button"
              onClick={() => setStep({ kind: 'phone' })}
              aria-label={t('auth.back')}
              className="grid size-9 place-items-center rounded-full hover:bg-black/5"
            >
              <ChevronLeftIcon className="size-5" />
            </button>
          ) : (
            <span className="w-1" />
          )
        }
      />
      {open &&
        (step.kind === 'phone' ? (
          <PhoneStep
            key={session}
            form={form}
            onFormChange={setForm}
            onSent={(c) => setStep({ kind: 'code', ...c })}
          />
        ) : (
          <CodeStep
            key={session}
            challenge={step}
            onResent={(c) => setStep({ kind: 'code', ...c })}
          />
        ))}
    </Modal>
  );
}
