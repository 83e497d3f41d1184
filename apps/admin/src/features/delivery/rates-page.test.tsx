import '@testing-library/jest-dom/vitest';
import { AdminDeliveryRate, type StaffRole } from '@bozor/shared';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../../test/api.ts';
import { modalDialogs, renderAsStaff, screenOf } from '../../test/support.tsx';
import { DeliveryRatesPage } from './rates-page.tsx';

beforeAll(modalDialogs);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const at = '2026-11-20T09:00:00.000Z';
const pickup = AdminDeliveryRate.parse({
  id: 1,
  kind: 'pickup',
  region: null,
  district: null,
  courier_fee: 0,
  free_from: null,
  days: 1,
  cutoff_hour: 18,
  bulky_fee: 0,
  bulky_extra_days: 1,
  updated_at: at,
});
const tashkent = AdminDeliveryRate.parse({
  id: 2,
  kind: 'region',
  region: { id: 11, name: 'город Ташкент' },
  district: null,
  courier_fee: 20_000,
  free_from: 500_000,
  days: 1,
  cutoff_hour: 16,
  bulky_fee: 150_000,
  bulky_extra_days: 1,
  updated_at: at,
});
const bostonliq = AdminDeliveryRate.parse({
  id: 3,
  kind: 'district',
  region: { id: 12, name: 'Ташкентская область' },
  district: { id: 140, name: 'Бостанлыкский район' },
  courier_fee: 45_000,
  free_from: null,
  days: 3,
  cutoff_hour: 24,
  bulky_fee: 250_000,
  bulky_extra_days: 0,
  updated_at: at,
});

/** The API as the page meets it: the rates as `rates` gives them, and Tashkent's saved. */
function stubRates(rates: () => AdminDeliveryRate[]) {
  return stubApi({
    'GET /delivery-rates': () => ok({ data: rates() }),
    'PATCH /delivery-rates/2': ({ body }) =>
      ok({ message: 'Сохранено', data: { ...tashkent, ...(body as object) } }),
  }).calls;
}

function renderPage(role: StaffRole) {
  renderAsStaff(<DeliveryRatesPage />, { role, path: '/delivery', name: role });
}

describe('the delivery rates page', () => {
  it('lists pick-up, the regions and the districts that differ, in the words staff read', async () => {
    screenOf(1280);
    stubRates(() => [pickup, tashkent, bostonliq]);
    renderPage('content_manager');
    const grid = await screen.findByRole('table', { name: 'Тарифы доставки' });
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Самовывоз из филиала');
    expect(rows[0]).toHaveTextContent('бесплатно');
    expect(rows[1]).toHaveTextContent('город Ташкент');
    expect(rows[1]).toHaveTextContent('20 000');
    expect(rows[1]).toHaveTextContent('500 000');
    expect(rows[1]).toHaveTextContent('16:00');
    expect(within(grid).getByRole('columnheader', { name: 'КГТ' })).toBeVisible();
    expect(rows[1]).toHaveTextContent('150 000');
    expect(rows[1]).toHaveTextContent('+1 дн.');
    expect(rows[2]).toHaveTextContent('250 000');
    expect(rows[2]).toHaveTextContent('без доп. дней');
    expect(rows[2]).toHaveTextContent('Бостанлыкский район');
    expect(rows[2]).toHaveTextContent('Ташкентская область');
    expect(rows[2]).toHaveTextContent('никогда');
    expect(rows[2]).toHaveTextContent('без отсечки');
    // a region's rate is changed, never removed; a district's may go back to its region's
    expect(within(rows[1]!).queryByRole('button', { name: /Удалить/ })).not.toBeInTheDocument();
    expect(
      within(rows[2]!).getByRole('button', { name: 'Удалить: Бостанлыкский район' }),
    ).toBeVisible();
  });

  it("changes a region's rate: the sums typed with spaces, an empty threshold, the list read again", async () => {
    screenOf(1280);
    let listed = [pickup, tashkent];
    const calls = stubRates(() => listed);
    const user = userEvent.setup();
    renderPage('content_manager');

    await user.click(await screen.findByRole('button', { name: 'Изменить: город Ташкент' }));
    const dialog = screen.getByRole('dialog', { name: 'Тариф: город Ташкент' });
    const fee = within(dialog).getByLabelText('Цена курьера, сум');
    await user.clear(fee);
    await user.type(fee, '25 000');
    await user.clear(within(dialog).getByLabelText('Бесплатно от суммы корзины, сум'));
    const days = within(dialog).getByLabelText('Дней до доставки');
    await user.clear(days);
    await user.type(days, '31');
    const bulkyFee = within(dialog).getByLabelText('Доставка КГТ, сум');
    expect(bulkyFee).toHaveValue('150000');
    await user.clear(bulkyFee);
    await user.type(bulkyFee, '180 000');
    const bulkyDays = within(dialog).getByLabelText('Дополнительные дни для КГТ');
    await user.clear(bulkyDays);
    await user.type(bulkyDays, '31');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(
      await within(dialog).findByText('От дня, с которого считается заказ; 0 — в тот же день', {
        selector: '[role="alert"], p, span',
      }),
    ).toBeVisible();
    expect(
      within(dialog).getByText('Дополнительные дни для КГТ — целое число от 0 до 30', {
        selector: '[role="alert"]',
      }),
    ).toBeVisible();
    expect(calls.some((c) => c.route.startsWith('PATCH'))).toBe(false);

    await user.clear(days);
    await user.type(days, '2');
    await user.clear(bulkyDays);
    await user.type(bulkyDays, '2');
    listed = [pickup, { ...tashkent, courier_fee: 25_000, free_from: null, days: 2 }];
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Сохранено')).toBeVisible();
    expect(calls.find((c) => c.route === 'PATCH /delivery-rates/2')?.body).toEqual({
      courier_fee: 25_000,
      free_from: null,
      days: 2,
      cutoff_hour: 16,
      bulky_fee: 180_000,
      bulky_extra_days: 2,
    });
    expect(calls.filter((c) => c.route === 'GET /delivery-rates')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks pick-up only for its days, cut-off and bulky extra days: it is always free', async () => {
    screenOf(1280);
    stubRates(() => [pickup, tashkent]);
    const user = userEvent.setup();
    renderPage('owner');
    await user.click(await screen.findByRole('button', { name: 'Изменить: Самовывоз из филиала' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByLabelText('Цена курьера, сум')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Доставка КГТ, сум')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Дней до доставки')).toHaveValue('1');
    expect(within(dialog).getByLabelText('Дополнительные дни для КГТ')).toHaveValue('1');
    expect(dialog).toHaveTextContent('Самовывоз всегда бесплатный');
  });

  it('lets a role that only reads see the rates and says so, with nothing to change', async () => {
    screenOf(390);
    stubRates(() => [pickup, tashkent, bostonliq]);
    renderPage('viewer');
    expect(await screen.findByText('Бостанлыкский район')).toBeVisible();
    expect(screen.getByText(/Только просмотр/)).toBeVisible();
    expect(screen.queryByRole('button', { name: /Изменить/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Тариф района' })).not.toBeInTheDocument();
  });
});
