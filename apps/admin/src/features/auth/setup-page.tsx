import { STAFF_PASSWORD_MIN, type StaffSetup } from '@bozor/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Button, ErrorState, Loading, Notice, TextField } from '../../components/ui.tsx';
import { getData, post } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { AuthFrame } from './auth-frame.tsx';

interface SetupForm {
  password: string;
  repeat: string;
  code: string;
}

/**
 * A one-time setup link: a new member of staff chooses a password and connects the authenticator;
 * a member whose new role needs a second factor (the sign-in led them here) keeps their password
 * and only connects the authenticator.
 */
export function SetupPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const setup = useQuery({
    queryKey: ['setup', token],
    queryFn: async () => {
      const data = await getData<StaffSetup>(`/auth/setup/${encodeURIComponent(token)}`);
      return { ...data, qr: await QRCode.toDataURL(data.totp_uri, { margin: 1, width: 184 }) };
    },
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const form = useForm<SetupForm>({ defaultValues: { password: '', repeat: '', code: '' } });
  const complete = useMutation({
    mutationFn: (values: SetupForm) =>
      post('/auth/setup', {
        token,
        ...(values.password ? { password: values.password } : {}),
        ...(values.code ? { code: values.code } : {}),
      }),
  });

  if (!token) {
    return (
      <AuthFrame title={t('setup.title')}>
        <Notice tone="danger">{t('setup.noToken')}</Notice>
      </AuthFrame>
    );
  }
  if (setup.isPending) return <Loading />;
  if (setup.isError) {
    return (
      <AuthFrame title={t('setup.title')}>
        <ErrorState error={setup.error} />
      </AuthFrame>
    );
  }
  if (complete.isSuccess) {
    return (
      <AuthFrame title={t('setup.title')}>
        <Notice tone="success">
          {setup.data.password_set ? t('setup.doneTotp') : t('setup.done')}
        </Notice>
        <Link to="/sign-in" className="mt-4 inline-block font-medium text-primary hover:underline">
          {t('auth.submit')}
        </Link>
      </AuthFrame>
    );
  }
  const who = setup.data;
  const errors = form.formState.errors;
  return (
    <AuthFrame title={t('setup.title')}>
      <p className="mb-4 text-muted">
        {t('setup.for', { name: who.name, email: who.email, role: t(`role.${who.role}`) })}
      </p>
      <form
        noValidate
        className="flex flex-col gap-3"
        onSubmit={form.handleSubmit((values) => complete.mutate(values))}
      >
        <input type="email" hidden readOnly autoComplete="username" value={who.email} />
        {!who.password_set && (
          <>
            <TextField
              label={t('setup.password')}
              hint={t('setup.passwordHint', { min: STAFF_PASSWORD_MIN })}
              type="password"
              autoComplete="new-password"
              error={errors.password?.message}
              {...form.register('password', {
                minLength: {
                  value: STAFF_PASSWORD_MIN,
                  message: t('setup.passwordShort', { min: STAFF_PASSWORD_MIN }),
                },
                required: t('auth.required'),
              })}
            />
            <TextField
              label={t('setup.passwordRepeat')}
              type="password"
              autoComplete="new-password"
              error={errors.repeat?.message}
              {...form.register('repeat', {
                validate: (value, values) =>
                  value === values.password || t('setup.passwordMismatch'),
              })}
            />
          </>
        )}
        <p className="text-muted">
          {who.password_set
            ? t('setup.totpNow')
            : who.totp_required
              ? t('setup.totpRequired')
              : t('setup.totpOptional')}
        </p>
        <div className="flex items-center gap-4">
          <img
            src={setup.data.qr}
            alt={t('setup.qr')}
            width={148}
            height={148}
            className="rounded border border-line"
          />
          <div className="min-w-0">
            <p className="text-xs text-muted">{t('setup.secret')}</p>
            <code className="break-all font-mono text-xs">{who.totp_secret}</code>
          </div>
        </div>
        <TextField
          label={t('auth.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={errors.code?.message}
          {...form.register('code', {
            required: who.totp_required ? t('auth.required') : false,
            pattern: { value: /^\d{6}$/, message: t('auth.codeInvalid') },
          })}
        />
        {complete.error && <Notice tone="danger">{complete.error.message}</Notice>}
        <Button type="submit" variant="primary" busy={complete.isPending}>
          {who.password_set ? t('setup.submitTotp') : t('setup.submit')}
        </Button>
      </form>
    </AuthFrame>
  );
}
