import type { StaffSession, StaffSetupRequired } from '@bozor/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button, Loading, Notice, TextField } from '../../components/ui.tsx';
import { ApiError, post } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useSession, useSetSession } from '../../lib/session.tsx';
import { AuthFrame } from './auth-frame.tsx';

interface SignInForm {
  email: string;
  password: string;
  code: string;
}

/** Only a path inside the back office is followed after signing in. */
function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/';
}

/**
 * How the answer asks for the authenticator's code: `required` after the password was taken;
 * `optional` while the account is guarded after many failed attempts (the password goes with
 * the code, when the member has one).
 */
type CodeAsked = 'no' | 'required' | 'optional';

function codeAskedBy(error: unknown): CodeAsked | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.code === 'STAFF_TOTP_REQUIRED') return 'required';
  if (error.code === 'STAFF_SIGN_IN_GUARDED') return 'optional';
  return undefined;
}

export function SignInPage() {
  const { t } = useI18n();
  const session = useSession();
  const setSession = useSetSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const [askCode, setAskCode] = useState<CodeAsked>('no');
  const form = useForm<SignInForm>({ defaultValues: { email: '', password: '', code: '' } });
  const signIn = useMutation({
    mutationFn: (values: SignInForm) =>
      post<StaffSession>('/auth/sign-in', {
        email: values.email,
        password: values.password,
        ...(values.code ? { code: values.code } : {}),
      }),
    onSuccess: (answer) => {
      setSession(answer.data);
      navigate(safeNext(params.get('next')), { replace: true });
    },
    onError: (error) => {
      // a role that needs a second factor the member has not set up: its setup, then back here
      if (error instanceof ApiError && error.code === 'STAFF_TOTP_SETUP_REQUIRED') {
        const { setup_token: token } = error.data as StaffSetupRequired['data'];
        navigate(`/setup?token=${encodeURIComponent(token)}`);
        return;
      }
      const asked = codeAskedBy(error);
      if (asked) {
        setAskCode((before) => (before === 'required' ? before : asked));
        setTimeout(() => form.setFocus('code'), 0);
      }
    },
  });
  if (session.isPending) return <Loading />;
  if (session.data && !signIn.isSuccess) {
    return <Navigate to={safeNext(params.get('next'))} replace state={location.state} />;
  }
  const errors = form.formState.errors;
  const asked = codeAskedBy(signIn.error) === 'required';
  return (
    <AuthFrame title={t('auth.title')}>
      <form
        noValidate
        className="flex flex-col gap-3"
        onSubmit={form.handleSubmit((values) => signIn.mutate(values))}
      >
        <TextField
          label={t('auth.email')}
          type="email"
          autoComplete="username"
          autoFocus
          error={errors.email?.message}
          {...form.register('email', { required: t('auth.required') })}
        />
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password', { required: t('auth.required') })}
        />
        {askCode !== 'no' && (
          <TextField
            label={t('auth.code')}
            hint={askCode === 'required' ? t('auth.codeHint') : t('auth.codeHintOptional')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={errors.code?.message}
            {...form.register('code', {
              required: askCode === 'required' ? t('auth.required') : false,
              pattern: { value: /^\d{6}$/, message: t('auth.codeInvalid') },
            })}
          />
        )}
        {signIn.error && !asked && <Notice tone="danger">{signIn.error.message}</Notice>}
        <Button type="submit" variant="primary" busy={signIn.isPending} className="mt-1">
          {t('auth.submit')}
        </Button>
      </form>
    </AuthFrame>
  );
}
