import type { Card } from '@bozor/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toast.tsx';
import { stubApi } from '../../../test/fetch.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';
import { CardsPage } from '../components/cards-page.tsx';

beforeAll(() => {
  // jsdom has <dialog> without its modal methods
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

const uzcard: Card = {
  id: 1,
  card_number: '8600********1110',
  type: 'uzcard',
  expire: '12/30',
  created_at: '2026-11-20T08:30:00.000Z',
};
const humo: Card = { ...uzcard, id: 2, card_number: '9860********1113', type: 'humo' };

function renderPage() {
  return renderRoutes(
    [
      {
        path: '/profile/cards',
        element: (
          <>
            <CardsPage />
            <Toaster />
          </>
        ),
      },
      { path: '/user/add-card', element: <p>add card</p> },
    ],
    '/profile/cards',
  );
}

describe('the profile cards page', () => {
  beforeEach(() => signInForTest());
  afterEach(() => {
    signOutForTest();
    vi.unstubAllGlobals();
  });

  it('lists the cards with their scheme, masked number and expiry', async () => {
    stubApi({ '/api/cards': { data: [uzcard, humo] } });
    renderPage();
    const first = await screen.findByRole('article', { name: '8600 **** **** 1110' });
    expect(within(first).getByRole('img', { name: 'Uzcard' })).toBeInTheDocument();
    expect(within(first).getByText('Amal qilish muddati: 12/30')).toBeInTheDocument();
    const second = screen.getByRole('article', { name: '9860 **** **** 1113' });
    expect(within(second).getByRole('img', { name: 'Humo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Karta qo'shish" })).toHaveAttribute(
      'href',
      '/user/add-card',
    );
  });

  it('says which gateway bound a card, as its payments go through it', async () => {
    stubApi({
      '/api/cards': {
        data: [
          { ...uzcard, gateway: 'click' },
          { ...humo, gateway: 'payme' },
        ],
      },
    });
    renderPage();
    const first = await screen.findByRole('article', { name: '8600 **** **** 1110' });
    expect(
      within(first).getByText('Amal qilish muddati: 12/30 · Click orqali'),
    ).toBeInTheDocument();
    const second = screen.getByRole('article', { name: '9860 **** **** 1113' });
    expect(
      within(second).getByText('Amal qilish muddati: 12/30 · Payme orqali'),
    ).toBeInTheDocument();
  });

  it('deletes a card only after the customer confirms', async () => {
    let cards = [uzcard, humo];
    const fetchMock = stubApi({
      'GET /api/cards': () => ({ status: 200, body: { data: cards } }),
      'DELETE /api/cards/2': () => {
        cards = [uzcard];
        return { status: 200, body: { message: "Karta o'chirildi" } };
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: "9860 **** **** 1113 kartasini o'chirish" }),
    );
    const dialog = screen.getByRole('dialog', { name: "Karta o'chirilsinmi?" });
    expect(dialog).toHaveTextContent('9860 **** **** 1113 kartasi hisobingizdan uziladi');
    await user.click(within(dialog).getByRole('button', { name: 'Bekor qilish' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(
      screen.getByRole('button', { name: "9860 **** **** 1113 kartasini o'chirish" }),
    );
    await user.click(
      within(screen.getByRole('dialog', { name: "Karta o'chirilsinmi?" })).getByRole('button', {
        name: "O'chirish",
      }),
    );
    expect(await screen.findByText("Karta o'chirildi")).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('article', { name: '9860 **** **** 1113' }),
      ).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('article', { name: '8600 **** **** 1110' })).toBeInTheDocument();
  });

  it('asks to add a card when there is none', async () => {
    stubApi({ '/api/cards': { data: [] } });
    renderPage();
    expect(
      await screen.findByRole('heading', { name: "Kartalar hali qo'shilmagan" }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: "Karta qo'shish" }));
    expect(await screen.findByText('add card')).toBeInTheDocument();
  });

  it('offers a retry when the list fails to load', async () => {
    let fail = true;
    stubApi({
      '/api/cards': () =>
        fail
          ? { status: 500, body: { message: 'Serverda xatolik', code: 'INTERNAL_ERROR' } }
          : { status: 200, body: { data: [uzcard] } },
    });
    renderPage();
    expect(await screen.findByText('Serverda xatolik')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Qayta urinish' }));
    expect(await screen.findByRole('article', { name: '8600 **** **** 1110' })).toBeInTheDocument();
  });
});
