import type { ProductSummary } from '@bozor/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { ALL_TEXTS } from '../../../locales/texts.ts';
import { stubApi } from '../../../test/fetch.ts';
import { makeProduct } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';
import { RecentlyViewed } from '../components/recently-viewed.tsx';
import { localViewed, RECENTLY_VIEWED_KEY, useRecordView } from '../store.ts';

function Viewer({ product }: { product: ProductSummary }) {
  useRecordView(product);
  return null;
}

describe('recently viewed', () => {
  afterEach(() => {
    initI18n('uz', ALL_TEXTS.uz);
    localStorage.removeItem(RECENTLY_VIEWED_KEY);
    localViewed.reload();
    signOutForTest();
    vi.unstubAllGlobals();
  });

  it('keeps the last 20 products this browser opened, newest first, once each', () => {
    stubApi({});
    for (let id = 1; id <= 22; id += 1) {
      renderWithProviders(<Viewer product={makeProduct(id)} />);
    }
    renderWithProviders(<Viewer product={makeProduct(5)} />);
    const ids = localViewed.get().map((p) => p.id);
    expect(ids).toHaveLength(20);
    expect(ids.slice(0, 3)).toEqual([5, 22, 21]);
    expect(new Set(ids).size).toBe(20);
  });

  it("shows a visitor's list without the product they are on, and nothing when there is none (ru)", async () => {
    initI18n('ru', ALL_TEXTS.ru);
    stubApi({});
    const empty = renderWithProviders(<RecentlyViewed />);
    expect(empty.container).toBeEmptyDOMElement();
    empty.unmount();
    localStorage.setItem(
      RECENTLY_VIEWED_KEY,
      JSON.stringify([
        makeProduct(2, { name: 'Телефон' }),
        makeProduct(1, { name: 'Чайник' }),
        { junk: true },
      ]),
    );
    localViewed.reload();
    renderWithProviders(<RecentlyViewed exclude={1} />);
    expect(await screen.findByRole('heading', { name: 'Вы недавно смотрели' })).toBeInTheDocument();
    expect(screen.getByText('Телефон')).toBeInTheDocument();
    expect(screen.queryByText('Чайник')).not.toBeInTheDocument();
  });

  it("records a signed-in customer's view in the account and shows the account's list", async () => {
    signInForTest();
    const posted: unknown[] = [];
    stubApi({
      '/api/clients/recently-viewed': { data: [makeProduct(9, { name: 'Mahsulot 9' })] },
      'POST /api/clients/recently-viewed': (_url: string, init?: RequestInit) => {
        posted.push(JSON.parse(String(init?.body)));
        return { status: 200, body: { data: [makeProduct(3), makeProduct(9)] } };
      },
    });
    renderWithProviders(
      <>
        <Viewer product={makeProduct(3)} />
        <RecentlyViewed exclude={3} />
      </>,
    );
    await waitFor(() => expect(posted).toEqual([{ product_ids: [3] }]));
    expect(await screen.findByText('Mahsulot 9')).toBeInTheDocument();
  });
});
