import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { ALL_TEXTS } from '../../../locales/texts.ts';
import { stubApi } from '../../../test/fetch.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';
import { BottomBar } from '../bottom-bar.tsx';
import { Header } from '../header.tsx';

// the journeys speak Uzbek; this test the other language
describe("the header's unread badge (ru)", () => {
  beforeEach(() => initI18n('ru', ALL_TEXTS.ru));
  afterEach(() => {
    initI18n('uz', ALL_TEXTS.uz);
    signOutForTest();
    vi.unstubAllGlobals();
  });

  it('counts the unread notices on the profile icon and the bottom bar', async () => {
    signInForTest();
    stubApi({ '/api/clients/notifications/unread': { data: { unread: 3 } } });
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <Header />
              <BottomBar />
            </>
          ),
        },
      ],
      '/',
    );
    // the header's icon and the bottom bar's both say the count in words, the number only drawn
    expect(
      await screen.findAllByRole(
        'link',
        { name: /^Кабинет\s*\(Непрочитанных уведомлений: 3\)$/ },
        { timeout: 5_000 },
      ),
    ).toHaveLength(2);
    const bar = screen.getByTestId('bottom-bar');
    expect(within(bar).getByTestId('count-badge')).toHaveTextContent('3');
  });

  it('shows no badge to a visitor, and asks nothing', async () => {
    const fetchMock = stubApi({});
    renderRoutes([{ path: '/', element: <Header /> }], '/');
    const signIn = await screen.findByRole('button', { name: 'Войти' });
    // the sign-in entry carries no count (the basket's may, from what this browser keeps)
    expect(within(signIn).queryByTestId('count-badge')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('notifications'))).toBe(false);
  });
});
