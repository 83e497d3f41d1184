import type { DeliveryAddress } from '@bozor/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { stubApi } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';
import { AddressesPage } from '../components/addresses-page.tsx';

beforeAll(() => {
  // jsdom has <dialog> without its modal methods
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

const address = (id: number, overrides: Partial<DeliveryAddress> = {}): DeliveryAddress => ({
  id,
  region: { id: 9, name: 'Samarqand viloyati' },
  district: { id: 202, name: 'Urgut tumani' },
  address: `Navoiy ko'chasi, ${id}-uy`,
  apartment: null,
  landmark: null,
  phone: '998901234567',
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

const home = address(1, { apartment: '5', landmark: 'Maktab ro‘parasida' });
const work = address(2, {
  region: { id: 11, name: 'Toshkent shahri' },
  district: { id: 101, name: 'Chilonzor tumani' },
  address: 'Bunyodkor shoh ko‘chasi, 7',
  phone: '998971112233',
});

describe('the delivery addresses page', () => {
  beforeEach(() => signInForTest());
  afterEach(() => {
    signOutForTest();
    vi.unstubAllGlobals();
  });

  it('shows the current address (the last the server lists) first and marked', async () => {
    stubApi({ '/api/orders/delivery-addresses': { data: [home, work] } });
    renderWithProviders(<AddressesPage />);

    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'Bunyodkor shoh ko‘chasi, 7',
      "Navoiy ko'chasi, 1-uy, 5-xonadon",
    ]);
    expect(cards[0]).toHaveAttribute('aria-current', 'true');
    expect(within(cards[0]!).getByText('Joriy manzil')).toBeInTheDocument();
    expect(within(cards[0]!).queryByRole('button', { name: 'Joriy qilish' })).toBeNull();
    expect(within(cards[0]!).getByText('Toshkent shahri, Chilonzor tumani')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Qabul qiluvchi: +99897 111 22 33')).toBeInTheDocument();
    expect(within(cards[1]!).getByText("Mo'ljal: Maktab ro‘parasida")).toBeInTheDocument();
    expect(within(cards[1]!).queryByText('Joriy manzil')).toBeNull();
  });

  it('makes a saved address current and shows the server’s message', async () => {
    const success = vi.spyOn(toast, 'success');
    let list = [home, work];
    const fetchMock = stubApi({
      '/api/orders/delivery-addresses': () => ({ status: 200, body: { data: list } }),
      'PUT /api/orders/delivery-addresses/1/current': () => {
        list = [work, home];
        return { status: 200, body: { message: 'Yetkazib berish manzili tanlandi', data: home } };
      },
    });
    renderWithProviders(<AddressesPage />);
    const user = userEvent.setup();
    const older = await screen.findByRole('article', { name: "Navoiy ko'chasi, 1-uy, 5-xonadon" });
    await user.click(within(older).getByRole('button', { name: 'Joriy qilish' }));

    await waitFor(() =>
      expect(screen.getAllByRole('article')[0]).toHaveAccessibleName(
        "Navoiy ko'chasi, 1-uy, 5-xonadon",
      ),
    );
    expect(success).toHaveBeenCalledWith('Yetkazib berish manzili tanlandi');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/orders/delivery-addresses/1/current',
      expect.objectContaining({ method: 'PUT' }),
    );
  });

  it('deletes an address only after the customer confirms', async () => {
    let list = [home, work];
    const fetchMock = stubApi({
      '/api/orders/delivery-addresses': () => ({ status: 200, body: { data: list } }),
      'DELETE /api/orders/delivery-addresses/2': () => {
        list = [home];
        return { status: 200, body: { message: "Manzil o'chirildi" } };
      },
    });
    renderWithProviders(<AddressesPage />);
    const user = userEvent.setup();
    const current = await screen.findByRole('article', { name: 'Bunyodkor shoh ko‘chasi, 7' });
    await user.click(within(current).getByRole('button', { name: "O'chirish" }));

    const dialog = screen.getByRole('dialog', { name: "Manzil o'chirilsinmi?" });
    expect(dialog).toHaveTextContent("«Bunyodkor shoh ko‘chasi, 7» manzili ro'yxatdan o'chiriladi");
    await user.click(within(dialog).getByRole('button', { name: 'Bekor qilish' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(within(current).getByRole('button', { name: "O'chirish" }));
    await user.click(
      within(screen.getByRole('dialog', { name: "Manzil o'chirilsinmi?" })).getByRole('button', {
        name: "O'chirish",
      }),
    );
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('article')).toHaveAttribute('aria-current', 'true');
  });

  it('invites a customer without addresses to add one', async () => {
    stubApi({ '/api/orders/delivery-addresses': { data: [] } });
    renderWithProviders(<AddressesPage />);
    expect(
      await screen.findByRole('heading', { name: "Hozircha manzil yo'q" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Manzil qo'shish" })).toBeEnabled();
  });

  it('shows a failed load with its message and asks again on retry', async () => {
    let fail = true;
    stubApi({
      '/api/orders/delivery-addresses': () =>
        fail
          ? { status: 500, body: { message: 'Serverda xatolik', code: 'INTERNAL_ERROR' } }
          : { status: 200, body: { data: [home] } },
    });
    renderWithProviders(<AddressesPage />);
    const user = userEvent.setup();
    expect(await screen.findByText('Serverda xatolik')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Qayta urinish' }));
    expect(await screen.findByRole('article')).toBeInTheDocument();
  });

  it('asks the server for nothing without a session', () => {
    signOutForTest();
    const fetchMock = stubApi({});
    const { container } = renderWithProviders(<AddressesPage />);
    expect(container).toBeEmptyDOMElement();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
