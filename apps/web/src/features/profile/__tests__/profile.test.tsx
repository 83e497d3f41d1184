import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fetch.ts';
import { makeClientInfo, makeScoring, makeUser } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';

const user = makeUser();

import { ProfileLayout } from '../components/profile-layout.tsx';
import { ProfilePage } from '../components/profile-page.tsx';

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/', element: <p>home</p> },
      {
        path: '/profile',
        element: <ProfileLayout />,
        children: [{ index: true, element: <ProfilePage /> }],
      },
    ],
    path,
  );
}

describe('the profile', () => {
  beforeEach(() => signOutForTest());
  afterEach(() => vi.unstubAllGlobals());

  it('asks an anonymous visitor to sign in', async () => {
    stubApi({});
    renderAt('/profile');
    expect(await screen.findByRole('heading', { name: 'Kabinetga kiring' })).toBeInTheDocument();
  });

  it('shows the phone, the installment status and the language of the customer', async () => {
    signInForTest();
    stubApi({ '/api/clients/info': makeClientInfo(user) });
    renderAt('/profile');
    expect(await screen.findByRole('heading', { name: 'Shaxsiy kabinet' })).toBeInTheDocument();
    expect((await screen.findAllByText('+99890 123 45 67')).length).toBeGreaterThan(0);
    expect(await screen.findByText("Skoringdan hali o'tilmagan")).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: "O'zbek tili" })).toBeChecked();
    expect(screen.getAllByRole('link', { name: /Bildirishnomalar/ })[0]).toHaveAttribute(
      'href',
      '/profile/notifications',
    );
  });

  it('shows the name as in the passport, the declared income and a scoring under review', async () => {
    signInForTest();
    stubApi({
      '/api/clients/info': makeClientInfo(
        user,
        makeScoring({
          step: 'review',
          review_since: '2026-11-25T09:30:00.000Z',
          personal: {
            passport: 'AA*****67',
            pinfl: '3**********567',
            birth_date: '1990-05-12',
            surname: 'Aliyev',
            given_name: 'Karim',
            patronymic: 'Anvar o‘g‘li',
            monthly_income: 5_000_000,
          },
        }),
      ),
    });
    renderAt('/profile');
    expect(await screen.findByText('Aliyev Karim Anvar o‘g‘li')).toBeInTheDocument();
    expect(screen.getByText("5 000 000 so'm")).toBeInTheDocument();
    expect(screen.getByText("Ariza ko'rib chiqilmoqda")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Holatini ko'rish" })).toHaveAttribute(
      'href',
      '/scoring/review',
    );
  });

  it('says when a rejected customer may try scoring again, and leads to the reason', async () => {
    signInForTest();
    stubApi({
      '/api/clients/info': makeClientInfo(
        user,
        makeScoring({ step: 'rejected', retry_at: '2026-12-25T09:00:00.000Z' }),
      ),
    });
    renderAt('/profile');
    expect(
      await screen.findByText("Skoringdan o'tilmadi. Qayta urinish 25-dekabr, 2026 dan"),
    ).toBeInTheDocument();
    expect(screen.queryByText("Skoringdan o'tish")).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Holatini ko'rish" })).toHaveAttribute(
      'href',
      '/scoring/error',
    );
  });

  it('signs out: the server revokes the session and the browser forgets token and phone', async () => {
    signInForTest();
    const fetchMock = stubApi({
      '/api/clients/info': makeClientInfo(user),
      '/api/clients/logout': { message: 'Hisobdan chiqdingiz' },
    });
    const router = renderAt('/profile');
    await userEvent.click((await screen.findAllByRole('button', { name: 'Chiqish' }))[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('serviceToken')).toBeNull();
    expect(localStorage.getItem('phone')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/clients/logout')).toBe(true);
  });
});
