import '@testing-library/jest-dom/vitest';
import { ErrorBody, StaffSession, StaffSetup, StaffSetupRequired } from '@bozor/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../lib/api.ts';
import { I18nProvider } from '../../lib/i18n.tsx';
import { type ApiAnswer, stubApi } from '../../test/api.ts';
import { SetupPage } from './setup-page.tsx';
import { SignInPage } from './sign-in-page.tsx';

vi.mock('qrcode', () => ({
  default: { toDataURL: async () => 'data:image/png;base64,iVBORw0KGgo=' },
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setCsrfToken(undefined);
});

const signedOut: ApiAnswer = {
  status: 401,
  body: ErrorBody.parse({ message: 'Сначала войдите в систему', code: 'UNAUTHORIZED' }),
};
const csrf: ApiAnswer = { status: 200, body: { data: { csrf_token: 'before-sign-in' } } };

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/sign-in" element={<SignInPage />} />
            <Route path="/setup" element={<SetupPage />} />
            <Route path="/" element={<p>Сводка</p>} />
          </Routes>
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

async function fillSignIn(email: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Электронная почта'), email);
  await user.type(screen.getByLabelText('Пароль'), 'correct horse battery staple');
  await user.click(screen.getByRole('button', { name: 'Войти' }));
  return user;
}

describe('the sign-in page', () => {
  it('leads a member whose new role needs a second factor through its setup, keeping the password', async () => {
    const api = stubApi({
      'GET /auth/me': [signedOut],
      'GET /auth/csrf': [csrf],
      'POST /auth/sign-in': [
        {
          status: 403,
          body: StaffSetupRequired.parse({
            message: 'Для вашей роли нужен второй фактор',
            code: 'STAFF_TOTP_SETUP_REQUIRED',
            data: { setup_token: 'a'.repeat(43), setup_expires_at: '2026-11-25T10:30:00.000Z' },
          }),
        },
      ],
      [`GET /auth/setup/${'a'.repeat(43)}`]: [
        {
          status: 200,
          body: {
            data: StaffSetup.parse({
              email: 'malika@bozor.uz',
              name: 'Malika Yusupova',
              role: 'owner',
              password_set: true,
              totp_required: true,
              totp_secret: 'JBSWY3DPEHPK3PXP',
              totp_uri: 'otpauth://totp/Bozor:malika@bozor.uz?secret=JBSWY3DPEHPK3PXP',
            }),
          },
        },
      ],
      'POST /auth/setup': [{ status: 200, body: { data: {} } }],
    });
    renderAt('/sign-in');
    const user = await fillSignIn('malika@bozor.uz');

    expect(await screen.findByText(/Ваша роль теперь требует второй фактор/)).toBeVisible();
    // the password stays: only the authenticator is asked for
    expect(screen.queryByLabelText('Новый пароль')).not.toBeInTheDocument();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeVisible();
    await user.type(screen.getByLabelText('Код из приложения-аутентификатора'), '123456');
    await user.click(screen.getByRole('button', { name: 'Подключить и перейти ко входу' }));

    expect(await screen.findByText(/Второй фактор подключён/)).toBeVisible();
    expect(api.bodiesOf('POST /auth/setup')).toEqual([{ token: 'a'.repeat(43), code: '123456' }]);
  });

  it('asks for the code with the password after many failed attempts, and lets a member without one in', async () => {
    const session = StaffSession.parse({
      staff: {
        id: 3,
        email: 'aziz@bozor.uz',
        name: 'Aziz',
        role: 'operator',
        totp: false,
        disabled: false,
        last_sign_in_at: null,
        created_at: '2026-01-01T00:00:00.000Z',
      },
      permissions: ['session'],
      csrf_token: 'of-the-session',
    });
    const guarded = 'Для этой учётной записи было много неудачных попыток входа';
    const api = stubApi({
      'GET /auth/me': [signedOut],
      'GET /auth/csrf': [csrf],
      'POST /auth/sign-in': [
        { status: 401, body: { message: guarded, code: 'STAFF_SIGN_IN_GUARDED' } },
        { status: 200, body: { data: session } },
      ],
    });
    renderAt('/sign-in');
    const user = await fillSignIn('aziz@bozor.uz');

    expect(await screen.findByText(guarded)).toBeVisible();
    expect(screen.getByLabelText('Код из приложения-аутентификатора')).toBeVisible();
    expect(screen.getByText(/Если к учётной записи подключён второй фактор/)).toBeVisible();
    // the code may stay empty: an operator without a second factor signs in with the password
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Сводка')).toBeVisible();
    expect(api.bodiesOf('POST /auth/sign-in')).toEqual([
      { email: 'aziz@bozor.uz', password: 'correct horse battery staple' },
      { email: 'aziz@bozor.uz', password: 'correct horse battery staple' },
    ]);
  });
});
