import type { ScoringState } from '@bozor/shared';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fetch.ts';
import { makeClientInfo, makeScoring, makeUser } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';
import { PersonalPage } from '../components/personal-page.tsx';
import { FinishPage, ScoringErrorPage, ScoringReviewPage } from '../components/result-pages.tsx';
import { ScoringInProgress, ScoringLayout } from '../components/scoring-layout.tsx';
import { ScoringPage } from '../components/scoring-page.tsx';

const GIVEN: NonNullable<ScoringState['personal']> = {
  passport: 'AA*****67',
  pinfl: '3**********567',
  birth_date: '1990-05-12',
  surname: 'Aliyev',
  given_name: 'Karim',
  patronymic: 'Anvar o‘g‘li',
  monthly_income: 5_000_000,
};

function renderAt(path: string, extra: Parameters<typeof stubApi>[0]) {
  const fetchMock = stubApi({ '/api/clients/guarantors': { data: [] }, ...extra });
  const router = renderRoutes(
    [
      { path: '/', element: <p>home</p> },
      { path: '/profile/notifications', element: <p>notifications</p> },
      {
        path: '/scoring',
        element: <ScoringLayout />,
        children: [
          {
            element: <ScoringInProgress />,
            children: [
              { index: true, element: <ScoringPage /> },
              { path: 'personal', element: <PersonalPage /> },
            ],
          },
          { path: 'review', element: <ScoringReviewPage /> },
          { path: 'finish', element: <FinishPage /> },
          { path: 'error', element: <ScoringErrorPage /> },
        ],
      },
    ],
    path,
  );
  return { router, fetchMock };
}

const infoWith = (scoring: Partial<ScoringState>) =>
  makeClientInfo(makeUser(), makeScoring(scoring));

describe('scoring a credit officer decides', () => {
  beforeEach(() => signInForTest());
  afterEach(() => {
    signOutForTest();
    vi.unstubAllGlobals();
  });

  it('says the application is under review and what happens next, instead of a dead end', async () => {
    let sent = false;
    const { router } = renderAt('/scoring', {
      '/api/clients/info': () => ({
        status: 200,
        body: infoWith(
          sent
            ? { step: 'review', personal: GIVEN, review_since: '2026-11-25T09:30:00.000Z' }
            : { step: 'decision', personal: GIVEN, guarantors: 1 },
        ),
      }),
      '/api/clients/scoring': () => {
        sent = true;
        return {
          status: 200,
          body: {
            data: { status: 'review', approved: false, limit: 0, reason: null, retry_at: null },
          },
        };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Arizani yuborish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/scoring/review'));
    expect(
      await screen.findByRole('heading', { name: "Arizangiz ko'rib chiqilmoqda" }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('next')).toHaveTextContent(
      'Natijani SMS orqali yuboramiz, u profildagi bildirishnomalarda ham chiqadi.',
    );
    expect(await screen.findByText(/^Ariza yuborilgan: /)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bildirishnomalar' })).toHaveAttribute(
      'href',
      '/profile/notifications',
    );
    expect(screen.getByRole('link', { name: 'Xaridni davom ettirish' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('opens the under-review screen again on a reload, from any step page', async () => {
    for (const path of ['/scoring', '/scoring/personal', '/scoring/finish']) {
      const { router } = renderAt(path, {
        '/api/clients/info': infoWith({
          step: 'review',
          personal: GIVEN,
          review_since: '2026-11-25T09:30:00.000Z',
        }),
      });
      await waitFor(() => expect(router.state.location.pathname, path).toBe('/scoring/review'));
      expect(
        await screen.findByRole('heading', { name: "Arizangiz ko'rib chiqilmoqda" }),
      ).toBeInTheDocument();
      cleanup();
    }
  });

  it('sends the under-review screen back to the steps before anything was sent', async () => {
    const { router } = renderAt('/scoring/review', {
      '/api/clients/info': infoWith({ step: 'guarantors', personal: GIVEN }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/scoring'));
  });

  it("shows a credit officer's reason for a rejection as written", async () => {
    renderAt('/scoring/error', {
      '/api/clients/info': infoWith({
        step: 'rejected',
        reason: 'REVIEW',
        reason_text: 'Daromad tasdiqlanmadi',
        retry_at: '2026-12-25T09:30:00.000Z',
      }),
    });
    expect(await screen.findByTestId('reason')).toHaveTextContent('Daromad tasdiqlanmadi');
  });
});

describe('the personal details once given', () => {
  beforeEach(() => signInForTest());
  afterEach(() => {
    signOutForTest();
    vi.unstubAllGlobals();
  });

  it('reads back the name as in the passport and the declared income', async () => {
    renderAt('/scoring/personal', {
      '/api/clients/info': infoWith({ step: 'face', personal: GIVEN }),
    });
    expect(await screen.findByText('Aliyev Karim Anvar o‘g‘li')).toBeInTheDocument();
    expect(screen.getByText("5 000 000 so'm")).toBeInTheDocument();
    expect(screen.getByText('AA*****67')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Familiya' })).not.toBeInTheDocument();
  });

  it('asks again for details given before the name and income were asked', async () => {
    renderAt('/scoring/personal', {
      '/api/clients/info': infoWith({
        step: 'personal',
        personal: {
          ...GIVEN,
          surname: null,
          given_name: null,
          patronymic: null,
          monthly_income: null,
        },
      }),
    });
    expect(await screen.findByRole('textbox', { name: 'Familiya' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Oylik daromad/ })).toBeInTheDocument();
  });
});
