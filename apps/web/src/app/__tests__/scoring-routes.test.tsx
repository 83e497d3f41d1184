import type { Card, ScoringState } from '@bozor/shared';
import { configure, getConfig, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/fetch.ts';
import { makeClientInfo, makeScoring, makeUser } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../test/session.ts';
import { routes } from '../router.tsx';

const { asyncUtilTimeout } = getConfig();
// the whole shop renders around each page (header, footer, modals): slow on a busy machine
beforeAll(() => configure({ asyncUtilTimeout: 5_000 }));
afterAll(() => configure({ asyncUtilTimeout }));

beforeAll(async () => {
  // the pages load on the first visit: loaded here, a test's waits are for the page, not the build
  await Promise.all([
    import('../../features/scoring/components/scoring-layout.tsx'),
    import('../../features/scoring/components/scoring-page.tsx'),
    import('../../features/scoring/components/scoring-card-pages.tsx'),
    import('../../features/scoring/components/personal-page.tsx'),
    import('../../features/scoring/components/result-pages.tsx'),
  ]);
  // jsdom has <dialog> without its modal methods
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

const card: Card = {
  id: 4,
  card_number: '8600********1110',
  type: 'uzcard',
  expire: '12/30',
  created_at: '2026-11-20T08:30:00.000Z',
};

function renderScoring(
  path: string,
  scoring: Partial<ScoringState>,
  extra: Parameters<typeof stubApi>[0] = {},
  isScoring = false,
) {
  const fetchMock = stubApi({
    '/api/clients/info': makeClientInfo(makeUser({ is_scoring: isScoring }), makeScoring(scoring)),
    ...extra,
  });
  const router = renderRoutes(routes, path);
  return { router, fetchMock };
}

describe('the scoring area', () => {
  beforeEach(() => signInForTest());
  afterEach(() => {
    signOutForTest();
    vi.unstubAllGlobals();
  });

  it('asks an anonymous visitor to sign in', async () => {
    signOutForTest();
    stubApi({});
    renderRoutes(routes, '/scoring');
    expect(
      await screen.findByRole('heading', { name: 'Avval tizimga kiring' }),
    ).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'Kirish' }));
    expect(await screen.findByTestId('sign-in-modal')).toHaveAttribute('open');
  });

  it('lists what scoring needs and opens at the personal details', async () => {
    renderScoring('/scoring', { step: 'personal' });
    expect(
      await screen.findByRole('heading', { name: "Muddatli to'lovni rasmiylashtirish" }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('step-counter')).toHaveTextContent('Qadam 1 / 5');
    const needs = screen.getByRole('list', { name: 'Skoring qadamlari' });
    expect(
      within(needs)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      "Shaxsiy ma'lumotlarF.I.Sh., pasport yoki ID-karta, JSHSHIR, tug'ilgan sana va oylik daromad",
      "Yuz suratiSelfi — yuzingiz aniq ko'rinsin",
      "Bank kartasiO'zingizga tegishli Uzcard yoki Humo kartasi",
      'Ishonchli shaxslar1–3 ta ishonchli shaxsning telefoni',
      'QarorArizani yuboring va qarorni kuting',
    ]);
    expect(screen.getByRole('link', { name: "Ma'lumotlarni kiritish" })).toHaveAttribute(
      'href',
      '/scoring/personal',
    );
  });

  it('continues at the step the server says is next', async () => {
    renderScoring('/scoring', { step: 'face' });
    expect(await screen.findByTestId('step-counter')).toHaveTextContent('Qadam 2 / 5');
    expect(screen.getByLabelText('Suratga olish yoki tanlash')).toHaveAttribute('type', 'file');
    const current = screen.getByRole('listitem', { current: 'step' });
    expect(current).toHaveTextContent('Yuz surati');
    expect(
      within(screen.getByRole('list', { name: 'Skoring qadamlari' })).getByText('— bajarildi', {
        exact: false,
      }),
    ).toBeInTheDocument();
  });

  it('sends the card step to the bound cards when there are some', async () => {
    renderScoring('/scoring', { step: 'card' }, { '/api/cards': { data: [card] } });
    expect(await screen.findByRole('link', { name: /Kartani tanlash \(1\)/ })).toHaveAttribute(
      'href',
      '/scoring/list-cards',
    );
    expect(screen.getByRole('link', { name: "Boshqa karta qo'shish" })).toHaveAttribute(
      'href',
      '/scoring/add-card',
    );
  });

  it('sends the card step to a new card when there is none', async () => {
    renderScoring('/scoring', { step: 'card' }, { '/api/cards': { data: [] } });
    expect(await screen.findByRole('link', { name: "Karta qo'shish" })).toHaveAttribute(
      'href',
      '/scoring/add-card',
    );
  });

  it('chooses a bound card for scoring and goes on', async () => {
    const { router, fetchMock } = renderScoring(
      '/scoring/list-cards',
      { step: 'card' },
      {
        '/api/cards': {
          data: [card, { ...card, id: 5, card_number: '9860********1113', type: 'humo' }],
        },
        '/api/clients/scoring-card': {
          message: 'Karta tanlandi',
          data: makeScoring({ step: 'guarantors', card_id: 5 }),
        },
        '/api/clients/relative-types': { data: [] },
        '/api/clients/guarantors': { data: [] },
      },
    );
    await userEvent.click(
      await screen.findByRole('radio', { name: /9860 \*\*\*\* \*\*\*\* 1113/ }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Shu kartani tanlash' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/scoring'));
    expect(await screen.findByTestId('step-counter')).toHaveTextContent('Qadam 4 / 5');
    const post = fetchMock.mock.calls.find(([url]) => String(url) === '/api/clients/scoring-card');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ card_id: 5 });
  });

  it('submits for the decision and shows the approved limit', async () => {
    let decided = false;
    const { router } = renderScoring(
      '/scoring',
      { step: 'decision', guarantors: 1 },
      {
        '/api/clients/info': () => ({
          status: 200,
          body: makeClientInfo(
            makeUser({ is_scoring: decided }),
            makeScoring({ step: decided ? 'approved' : 'decision', guarantors: 1 }),
          ),
        }),
        '/api/clients/scoring': () => {
          decided = true;
          return {
            status: 200,
            body: {
              data: {
                status: 'approved',
                approved: true,
                limit: 12_000_000,
                reason: null,
                retry_at: null,
              },
            },
          };
        },
        '/api/clients/limit': { data: { limit: 12_000_000, used: 0, available: 12_000_000 } },
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Arizani yuborish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/scoring/finish'));
    expect(await screen.findByTestId('credit-limit')).toHaveTextContent("12 000 000 so'm");
    expect(screen.getByRole('link', { name: "Muddatli to'lovlarim" })).toHaveAttribute(
      'href',
      '/profile/installments',
    );
  });

  it('shows a refusal from the decision in its own words', async () => {
    let decided = false;
    const { router } = renderScoring(
      '/scoring',
      { step: 'decision', guarantors: 1 },
      {
        '/api/clients/info': () => ({
          status: 200,
          body: makeClientInfo(
            makeUser(),
            makeScoring(
              decided
                ? { step: 'rejected', reason: 'DEBT_BURDEN', retry_at: '2026-12-24T09:00:00.000Z' }
                : { step: 'decision', guarantors: 1 },
            ),
          ),
        }),
        '/api/clients/scoring': () => {
          decided = true;
          return {
            status: 200,
            body: {
              data: {
                status: 'rejected',
                approved: false,
                limit: 0,
                reason: 'Qarzlar yuki juda katta',
                retry_at: '2026-12-24T09:00:00.000Z',
              },
            },
          };
        },
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Arizani yuborish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/scoring/error'));
    expect(await screen.findByTestId('reason')).toHaveTextContent('Qarzlar yuki juda katta');
  });

  it('sends a customer who passed scoring from /scoring to the limit', async () => {
    const { router } = renderScoring(
      '/scoring',
      { step: 'approved' },
      { '/api/clients/limit': { data: { limit: 8_500_000, used: 0, available: 8_500_000 } } },
      true,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/scoring/finish'));
    expect(
      await screen.findByRole('heading', { name: "Skoringdan o'tdingiz!" }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('credit-limit')).toHaveTextContent("8 500 000 so'm");
  });

  it('shows a rejection with its reason, when to try again and the ways on', async () => {
    const { router } = renderScoring('/scoring/personal', {
      step: 'rejected',
      reason: 'LOW_INCOME',
      retry_at: '2026-12-24T09:00:00.000Z',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/scoring/error'));
    expect(
      await screen.findByRole('heading', { name: 'Skoring tasdiqlanmadi' }),
    ).toBeInTheDocument();
    // the profile keeps the reason's code; the page words it
    expect(screen.getByTestId('reason')).toHaveTextContent(
      "Karta bo'yicha tushumlar muddatli to'lov uchun yetarli emas",
    );
    expect(screen.getByText(/Qayta urinish 24-dekabr, 2026/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Bosh sahifaga' }),
    ).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: "Muddatli to'lovlarim" })).toHaveAttribute(
      'href',
      '/profile/installments',
    );
  });

  it('sends the outcome pages back to the steps while scoring is under way', async () => {
    const { router } = renderScoring('/scoring/finish', { step: 'face' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/scoring'));
    expect(await screen.findByTestId('step-counter')).toHaveTextContent('Qadam 2 / 5');
  });
});
