import type { ProductAlert } from '@bozor/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { ALL_TEXTS } from '../../../locales/texts.ts';
import { stubApi } from '../../../test/fetch.ts';
import { makeProduct } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';
import { useSignInOpen } from '../../auth/index.ts';
import { AlertButtons } from '../components/alert-buttons.tsx';

const alert = (over: Partial<ProductAlert> = {}): ProductAlert => ({
  id: 1,
  product_id: 7,
  kind: 'back_in_stock',
  below_price: null,
  created_at: '2026-11-20T08:30:00Z',
  ...over,
});

function SignInProbe() {
  return useSignInOpen() ? <p>sign-in open</p> : null;
}

describe('alert buttons (ru)', () => {
  beforeEach(() => initI18n('ru', ALL_TEXTS.ru));
  afterEach(() => {
    initI18n('uz', ALL_TEXTS.uz);
    signOutForTest();
    vi.unstubAllGlobals();
  });

  it('subscribes to a sold-out product with one tap, and cancels', async () => {
    signInForTest();
    let waiting: ProductAlert[] = [];
    stubApi({
      '/api/favorites': { data: [] },
      '/api/clients/alerts': () => ({ status: 200, body: { data: waiting } }),
      'POST /api/clients/alerts/7': () => {
        waiting = [alert()];
        return { status: 200, body: { data: alert() } };
      },
      'DELETE /api/clients/alerts/7/back_in_stock': () => {
        waiting = [];
        return { status: 200, body: { message: 'Подписка отменена' } };
      },
    });
    renderWithProviders(<AlertButtons product={makeProduct(7, { in_stock: false })} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Сообщить о поступлении' }));
    expect(await screen.findByTestId('alert-waiting')).toHaveTextContent(
      'Сообщим, когда товар появится',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Отменить' }));
    expect(
      await screen.findByRole('button', { name: 'Сообщить о поступлении' }),
    ).toBeInTheDocument();
  });

  it('asks a visitor to sign in first', async () => {
    const fetchMock = stubApi({});
    renderWithProviders(
      <>
        <AlertButtons product={makeProduct(7, { in_stock: false })} />
        <SignInProbe />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Сообщить о поступлении' }));
    expect(screen.getByText('sign-in open')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('on a wished product: "cheaper" below an optional sum, with a clear message for a bad one', async () => {
    signInForTest();
    let sent: unknown;
    stubApi({
      '/api/favorites': { data: [makeProduct(7)] },
      '/api/clients/alerts': { data: [] },
      'POST /api/clients/alerts/7': (_url: string, init?: RequestInit) => {
        sent = JSON.parse(String(init?.body));
        return {
          status: 200,
          body: { data: alert({ kind: 'price_drop', below_price: 900_000 }) },
        };
      },
    });
    renderWithProviders(<AlertButtons product={makeProduct(7, { price: 1_000_000 })} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Сообщить о снижении цены' }));
    const input = screen.getByLabelText(/При какой цене сообщить/);
    await userEvent.type(input, 'дёшево');
    await userEvent.click(screen.getByRole('button', { name: 'Подписаться' }));
    expect(screen.getByTestId('alert-below-error')).toHaveTextContent(
      'Укажите цену в сумах, только цифрами',
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(input);
    await userEvent.type(input, '1 200 000');
    await userEvent.click(screen.getByRole('button', { name: 'Подписаться' }));
    expect(screen.getByTestId('alert-below-error')).toHaveTextContent(
      'Цена должна быть ниже текущей (1 000 000 сум)',
    );
    await userEvent.clear(input);
    await userEvent.type(input, '900 000{Enter}');
    await waitFor(() => expect(sent).toEqual({ kind: 'price_drop', below_price: 900_000 }));
  });

  it('shows nothing on a product in stock that is not wished', async () => {
    stubApi({});
    const { container } = renderWithProviders(<AlertButtons product={makeProduct(7)} />);
    expect(container).toBeEmptyDOMElement();
  });
});
