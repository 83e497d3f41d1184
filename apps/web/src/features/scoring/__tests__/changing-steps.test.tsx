import type { ScoringState } from '@bozor/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fetch.ts';
import { makeClientInfo, makeScoring, makeUser } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';
import { clearCheckoutDraft, updateCheckoutDraft } from '../../checkout/index.ts';
import { PersonalPage } from '../components/personal-page.tsx';
import { FinishPage, ScoringErrorPage } from '../components/result-pages.tsx';
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
  const fetchMock = stubApi({
    '/api/clients/guarantors': { data: [] },
    '/api/cards': { data: [] },
    ...extra,
  });
  const router = renderRoutes(
    [
      { path: '/', element: <p>home</p> },
      { path: '/checkout', element: <p>checkout page</p> },
      {
        path: '/scoring',
        element: <ScoringLayout />,
        children: [
          {
            element: <ScoringInProgress />,
            children: [
              { index: true, element: <ScoringPage /> },
              { path: 'personal', element: <PersonalPage /> },
              { path: 'list-cards', element: <p>card list</p> },
            ],
          },
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

describe('changing a step before the decision', () => {
  beforeEach(() => signInForTest());
  afterEach(() => {
    signOutForTest();
    clearCheckoutDraft();
    vi.unstubAllGlobals();
  });

  it('offers to change the details, the photo and the card once they are done', async () => {
    renderAt('/scoring', {
      '/api/clients/info': infoWith({ step: 'guarantors', personal: GIVEN, card_id: 4 }),
    });
    const steps = await screen.findByRole('list', { name: 'Skoring qadamlari' });
    expect(
      within(steps).getByRole('link', { name: "«Shaxsiy ma'lumotlar» qadamini o'zgartirish" }),
    ).toHaveAttribute('href', '/scoring/personal');
    expect(
      within(steps)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/scoring/personal', '/scoring?step=face', '/scoring/list-cards']);
  });

  it('takes the face photo again, then returns to the step the customer was on', async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/scoring?step=face', {
      '/api/clients/info': infoWith({ step: 'guarantors', personal: GIVEN, card_id: 4 }),
      '/api/clients/identified': {
        message: 'Surat qabul qilindi',
        data: makeScoring({ step: 'guarantors', personal: GIVEN, card_id: 4 }),
      },
    });
    expect(await screen.findByText(/Siz avvalgi qadamni o'zgartiryapsiz/)).toBeInTheDocument();
    await user.upload(
      screen.getByLabelText('Suratga olish yoki tanlash'),
      new File([new Uint8Array(1000)], 'me.jpg', { type: 'image/jpeg' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Suratni yuborish' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // the router moves in a transition: the page it leads to is drawn a moment after
    await waitFor(() =>
      expect(screen.queryByText(/Siz avvalgi qadamni o'zgartiryapsiz/)).not.toBeInTheDocument(),
    );
  });

  it('shows the current step for a step not yet reached or unknown', async () => {
    renderAt('/scoring?step=card', {
      '/api/clients/info': infoWith({ step: 'face', personal: GIVEN }),
    });
    expect(await screen.findByTestId('step-counter')).toHaveTextContent('2');
    expect(screen.queryByText(/Siz avvalgi qadamni o'zgartiryapsiz/)).not.toBeInTheDocument();
  });

  it('fixes a mistyped PINFL: the name, birth date and income stay, passport and PINFL are typed again', async () => {
    const user = userEvent.setup();
    const { router, fetchMock } = renderAt('/scoring/personal', {
      '/api/clients/info': infoWith({ step: 'card', personal: GIVEN }),
      'POST /api/clients/add-birthday': {
        message: 'Saqlandi',
        data: makeScoring({ step: 'face', personal: { ...GIVEN, pinfl: '3**********568' } }),
      },
    });
    await user.click(await screen.findByRole('button', { name: "Ma'lumotlarni o'zgartirish" }));
    expect(screen.getByRole('textbox', { name: 'Familiya' })).toHaveValue('Aliyev');
    expect(screen.getByRole('textbox', { name: /^Oylik daromad/ })).toHaveValue('5 000 000');
    expect(screen.getByRole('textbox', { name: "Tug'ilgan sana" })).toHaveValue('12.05.1990');
    expect(screen.getByRole('textbox', { name: /^JSHSHIR/ })).toHaveValue('');
    await user.type(screen.getByRole('textbox', { name: /^Pasport/ }), 'AA1234567');
    await user.type(screen.getByRole('textbox', { name: /^JSHSHIR/ }), '31205901234567');
    await user.click(screen.getByRole('button', { name: 'Saqlash' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/scoring'));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/clients/add-birthday');
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({
      surname: 'Aliyev',
      passport: 'AA1234567',
      pinfl: '31205901234567',
      birth_date: '1990-05-12',
      monthly_income: 5_000_000,
    });
  });

  it('cancels a change and shows the details as they were', async () => {
    const user = userEvent.setup();
    renderAt('/scoring/personal', {
      '/api/clients/info': infoWith({ step: 'card', personal: GIVEN }),
    });
    await user.click(await screen.findByRole('button', { name: "Ma'lumotlarni o'zgartirish" }));
    await user.click(screen.getByRole('button', { name: 'Bekor qilish' }));
    expect(screen.getByText('AA*****67')).toBeInTheDocument();
  });
});

describe('scoring taken on the way to an order', () => {
  beforeEach(() => signInForTest());
  afterEach(() => {
    signOutForTest();
    clearCheckoutDraft();
    vi.unstubAllGlobals();
  });

  it('leads an approved customer back to the checkout', async () => {
    const user = userEvent.setup();
    updateCheckoutDraft({ scoringForOrder: true });
    const { router } = renderAt('/scoring/finish', {
      '/api/clients/info': makeClientInfo(makeUser({ is_scoring: true })),
      '/api/credits/limit': { data: { limit: 10_000_000, used: 0, available: 10_000_000 } },
    });
    await user.click(
      await screen.findByRole('link', { name: 'Rasmiylashtirishni davom ettirish' }),
    );
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it('offers a rejected customer to buy the order paying in full', async () => {
    updateCheckoutDraft({ scoringForOrder: true });
    renderAt('/scoring/error', {
      '/api/clients/info': infoWith({ step: 'rejected', reason: 'LOW_INCOME' }),
    });
    expect(
      await screen.findByRole('link', { name: "Buyurtmani to'liq to'lov bilan rasmiylashtirish" }),
    ).toHaveAttribute('href', '/checkout');
  });

  it('has no way back to an order for scoring started elsewhere', async () => {
    renderAt('/scoring/error', {
      '/api/clients/info': infoWith({ step: 'rejected', reason: 'LOW_INCOME' }),
    });
    expect(await screen.findByRole('link', { name: 'Bosh sahifaga' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /rasmiylashtirish/i })).not.toBeInTheDocument();
  });
});
