import type { TelegramLink } from '@bozor/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { ALL_TEXTS } from '../../../locales/texts.ts';
import { stubApi } from '../../../test/fetch.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';
import { TelegramCard } from '../components/telegram-card.tsx';

const unlinked: TelegramLink = {
  available: true,
  linked: false,
  name: null,
  username: null,
  linked_at: null,
};
const linked: TelegramLink = {
  available: true,
  linked: true,
  name: 'Dilnoza',
  username: 'dilnoza_t',
  linked_at: '2026-11-29T10:00:00.000Z',
};
const DEEP_LINK = {
  url: 'https://t.me/bozor_bot?start=AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCd',
  expires_at: '2026-11-29T10:10:00.000Z',
};

const renderCard = () =>
  renderRoutes([{ path: '/profile', element: <TelegramCard /> }], '/profile');

describe("the profile's Telegram", () => {
  beforeEach(() => {
    signOutForTest();
    signInForTest();
    vi.stubGlobal('open', vi.fn());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    initI18n('uz', ALL_TEXTS.uz);
  });

  it('links with a one-time deep link, opens it, and shows the chat once the bot is started', async () => {
    let state = unlinked;
    const fetchMock = stubApi({
      'GET /api/clients/telegram': () => ({ status: 200, body: { data: state } }),
      'POST /api/clients/telegram/link': { data: DEEP_LINK },
    });
    renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Telegramni ulash' }));
    const open = await screen.findByRole('link', { name: 'Telegramni ochish' });
    expect(open).toHaveAttribute('href', DEEP_LINK.url);
    expect(open).toHaveAttribute('target', '_blank');
    expect(window.open).toHaveBeenCalledWith(DEEP_LINK.url, '_blank', 'noopener,noreferrer');
    expect(screen.getByText(/Botda «Start»ni bosing/)).toBeInTheDocument();
    // the customer presses Start; the card asks again and shows the chat
    state = linked;
    expect(await screen.findByText('Ulangan', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByText(/Dilnoza @dilnoza_t/)).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.filter(([url]) => String(url) === '/api/clients/telegram').length,
    ).toBeGreaterThan(1);
  });

  it('unlinks in Russian', async () => {
    initI18n('ru', ALL_TEXTS.ru);
    let state = linked;
    stubApi({
      'GET /api/clients/telegram': () => ({ status: 200, body: { data: state } }),
      'DELETE /api/clients/telegram': () => {
        state = unlinked;
        return { status: 200, body: { data: unlinked } };
      },
    });
    renderCard();
    expect(await screen.findByText('Подключён')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Отключить' }));
    expect(await screen.findByRole('button', { name: 'Подключить Telegram' })).toBeInTheDocument();
  });

  it('says when the shop has no bot, and offers no link', async () => {
    stubApi({ 'GET /api/clients/telegram': { data: { ...unlinked, available: false } } });
    renderCard();
    expect(await screen.findByText(/Telegram hozircha ulanmagan/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Telegramni ulash' })).not.toBeInTheDocument();
  });

  it('shows a failed load with a retry, and a refused link with the server message', async () => {
    let fail = true;
    stubApi({
      'GET /api/clients/telegram': () =>
        fail
          ? { status: 503, body: { message: 'down', code: 'SERVICE_UNAVAILABLE' } }
          : { status: 200, body: { data: unlinked } },
      'POST /api/clients/telegram/link': () => ({
        status: 429,
        body: { message: "Juda ko'p urinish", code: 'TOO_MANY_REQUESTS' },
      }),
    });
    renderCard();
    expect(await screen.findByText("Telegram holatini yuklab bo'lmadi")).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Qayta urinish' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Telegramni ulash' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent("Juda ko'p urinish"));
    expect(window.open).not.toHaveBeenCalled();
  });
});
