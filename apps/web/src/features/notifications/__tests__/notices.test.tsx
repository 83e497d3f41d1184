import type { Notification, NotificationSettings } from '@bozor/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { ALL_TEXTS } from '../../../locales/texts.ts';
import { stubApi } from '../../../test/fetch.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';
import { NoticeSettingsPage } from '../components/notice-settings-page.tsx';
import { NoticesPage } from '../components/notices-page.tsx';

const notice = (id: number, over: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'order_status',
  topic: 'orders',
  text: `Заказ №${id} в пути`,
  link: { type: 'order', id },
  read: false,
  created_at: '2026-11-20T08:30:00Z',
  ...over,
});
const page = (data: Notification[], n = 1, last = 1) => ({
  data,
  meta: { current_page: n, last_page: last, per_page: 20, total: data.length },
});
const settings = (over: Partial<NotificationSettings> = {}): NotificationSettings => ({
  topics: [
    { topic: 'orders', sms: true, telegram: true, in_shop: true },
    { topic: 'payments', sms: true, telegram: true, in_shop: true },
    { topic: 'reviews', sms: false, telegram: true, in_shop: true },
    { topic: 'alerts', sms: true, telegram: true, in_shop: true },
    { topic: 'promotions', sms: false, telegram: false, in_shop: false },
  ],
  telegram_linked: false,
  credit_open: false,
  ...over,
});

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/', element: <p>home</p> },
      { path: '/order-detail/:id', element: <p>order page</p> },
      { path: '/profile/notifications', element: <NoticesPage /> },
      { path: '/profile/notifications/settings', element: <NoticeSettingsPage /> },
    ],
    path,
  );
}

// the journeys speak Uzbek; these tests the other language
describe('the notification centre (ru)', () => {
  beforeEach(() => {
    initI18n('ru', ALL_TEXTS.ru);
    signInForTest();
  });
  afterEach(() => {
    initI18n('uz', ALL_TEXTS.uz);
    signOutForTest();
    vi.unstubAllGlobals();
  });

  it('lists unread notices first, each linking to what it is about, and reads one on opening', async () => {
    let unread = 2;
    const fetchMock = stubApi({
      '/api/clients/notifications': page([
        notice(3),
        notice(2, {
          kind: 'payment_paid',
          topic: 'payments',
          text: 'Оплачено',
          link: { type: 'payment', order_id: 2 },
        }),
        notice(1, {
          kind: 'promotion',
          topic: 'promotions',
          text: 'Чёрная пятница\nСмартфоны на 30% дешевле',
          link: { type: 'page', path: '/category/smartfonlar' },
          read: true,
        }),
      ]),
      '/api/clients/notifications/unread': () => ({ status: 200, body: { data: { unread } } }),
      'POST /api/clients/notifications/3/read': () => {
        unread = 1;
        return { status: 200, body: { message: 'Прочитано' } };
      },
    });
    const router = renderAt('/profile/notifications');
    const rows = await screen.findAllByTestId('notice');
    expect(rows.map((r) => r.dataset.read)).toEqual(['false', 'false', 'true']);
    expect(await screen.findByText('Непрочитанных: 2')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link')).toHaveAttribute('href', '/order-detail/2');
    // a promotion leads to its page of the shop
    expect(within(rows[2]!).getByRole('link')).toHaveAttribute('href', '/category/smartfonlar');

    await userEvent.click(within(rows[0]!).getByRole('link', { name: /Заказ №3 в пути/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-detail/3'));
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) =>
          String(url) === '/api/clients/notifications/3/read' && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('marks every notice read with one button, and then offers it no more', async () => {
    let unread = 2;
    stubApi({
      '/api/clients/notifications': () => ({
        status: 200,
        body: page([notice(2, { read: unread === 0 }), notice(1, { read: unread === 0 })]),
      }),
      '/api/clients/notifications/unread': () => ({ status: 200, body: { data: { unread } } }),
      'POST /api/clients/notifications/read-all': () => {
        unread = 0;
        return { status: 200, body: { message: 'Все прочитаны' } };
      },
    });
    renderAt('/profile/notifications');
    await userEvent.click(await screen.findByRole('button', { name: 'Прочитать все' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('notice').map((r) => r.dataset.read)).toEqual(['true', 'true']),
    );
    expect(screen.queryByRole('button', { name: 'Прочитать все' })).not.toBeInTheDocument();
  });

  it('says when there are none, and offers a retry when the list cannot be loaded', async () => {
    stubApi({
      '/api/clients/notifications': page([]),
      '/api/clients/notifications/unread': { data: { unread: 0 } },
    });
    renderAt('/profile/notifications');
    expect(await screen.findByText('Уведомлений нет')).toBeInTheDocument();
    vi.unstubAllGlobals();

    let fail = true;
    stubApi({
      '/api/clients/notifications': () =>
        fail
          ? { status: 500, body: { message: 'Ошибка на сервере', code: 'INTERNAL' } }
          : { status: 200, body: page([notice(5)]) },
      '/api/clients/notifications/unread': { data: { unread: 1 } },
    });
    renderAt('/profile/notifications');
    const retry = await screen.findByRole('button', { name: /Повторить|Попробовать/ });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText('Заказ №5 в пути')).toBeInTheDocument();
  });

  it('pages through the list', async () => {
    stubApi({
      '/api/clients/notifications': (url: string) => {
        const n = Number(new URL(url, 'http://shop').searchParams.get('page'));
        return { status: 200, body: page([notice(n, { read: true, text: `Вход #${n}` })], n, 2) };
      },
      '/api/clients/notifications/unread': { data: { unread: 0 } },
    });
    renderAt('/profile/notifications');
    expect(await screen.findByText('Вход #1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    expect(await screen.findByText('Вход #2')).toBeInTheDocument();
  });

  it('saves the channels chosen per topic, by keyboard too', async () => {
    let saved: unknown;
    stubApi({
      '/api/clients/notification-settings': { data: settings() },
      'PUT /api/clients/notification-settings': (_url: string, init?: RequestInit) => {
        saved = JSON.parse(String(init?.body));
        return { status: 200, body: { data: settings() } };
      },
    });
    renderAt('/profile/notifications/settings');
    const promotions = await screen.findByTestId('topic-promotions');
    expect(screen.getByTestId('telegram-hint')).toHaveTextContent('Telegram не подключён');
    const sms = within(promotions).getByRole('checkbox', { name: 'SMS' });
    expect(sms).not.toBeChecked();
    sms.focus();
    await userEvent.keyboard(' ');
    expect(sms).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(saved).toBeDefined());
    expect((saved as { topics: { topic: string; sms: boolean }[] }).topics).toContainEqual({
      topic: 'promotions',
      sms: true,
      telegram: false,
      in_shop: false,
    });
  });

  it('keeps SMS or Telegram for payments while a credit is open, and shows the server refusal', async () => {
    const put = vi.fn(() => ({
      status: 422,
      body: {
        message:
          'Пока рассрочка открыта, платежи и напоминания должны приходить по SMS или в Telegram',
        code: 'PAYMENT_NOTICES_REQUIRED',
      },
    }));
    stubApi({
      '/api/clients/notification-settings': { data: settings({ credit_open: true }) },
      'PUT /api/clients/notification-settings': put,
    });
    renderAt('/profile/notifications/settings');
    const payments = await screen.findByTestId('topic-payments');
    await userEvent.click(within(payments).getByRole('checkbox', { name: 'SMS' }));
    await userEvent.click(within(payments).getByRole('checkbox', { name: 'Telegram' }));
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Пока рассрочка открыта, оставьте SMS или Telegram для платежей и напоминаний',
    );
    expect(put).not.toHaveBeenCalled();

    // a refusal the page did not foresee (the credit opened meanwhile) is said as the server says it
    await userEvent.click(within(payments).getByRole('checkbox', { name: 'SMS' }));
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Пока рассрочка открыта, платежи и напоминания должны приходить по SMS или в Telegram',
    );
    expect(put).toHaveBeenCalledTimes(1);
  });
});
