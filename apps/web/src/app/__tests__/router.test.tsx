import { configure, getConfig, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/fetch.ts';
import { renderRoutes } from '../../test/render.tsx';
import { routes } from '../router.tsx';

const renderAt = (path: string) => renderRoutes(routes, path);

// each page is loaded lazily the first time: on a busy machine that takes more than a second
const { asyncUtilTimeout } = getConfig();
beforeAll(() => configure({ asyncUtilTimeout: 5_000 }));
afterAll(() => configure({ asyncUtilTimeout }));

describe('routes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the not-found page with a way home for an unknown path', async () => {
    stubApi({});
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Sahifa topilmadi' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bosh sahifaga' })).toHaveAttribute('href', '/');
  });

  it('shows the top progress bar while the home page loads its data', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderAt('/');
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    expect(screen.getAllByTestId('product-card-skeleton').length).toBeGreaterThan(0);
  });

  it('keeps the return policy at /return for a visitor, with the way to sign in to return', async () => {
    stubApi({
      '/api/contents/return': {
        data: { slug: 'return', title: 'Qaytarish shartlari', description: '<p>14 kun</p>' },
      },
    });
    renderAt('/return');
    expect(await screen.findByRole('heading', { name: 'Qaytarish shartlari' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Buyurtmani qaytarish' })).toBeInTheDocument();
  });

  it('leads a visitor from an order or an installment page home', async () => {
    stubApi({});
    const router = renderAt('/order-detail/5');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    router.navigate('/installment/3');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('renders the empty basket page with an action', async () => {
    stubApi({});
    renderAt('/basket');
    expect(await screen.findByText("Savatingiz hozircha bo'sh")).toBeInTheDocument();
  });

  it('shows the header sign-in entry and the footer phone from the contacts', async () => {
    stubApi({
      '/api/contacts': {
        data: [
          { key: 'phone', value: '998712000000' },
          { key: 'telegram', value: '@bozor_support' },
        ],
      },
    });
    renderAt('/favorites');
    expect(await screen.findByText('+99871 200 00 00')).toHaveAttribute(
      'href',
      'tel:+998712000000',
    );
    expect(screen.getByRole('link', { name: 'Telegram orqali yozing' })).toHaveAttribute(
      'href',
      'https://t.me/bozor_support',
    );
    expect(screen.getAllByRole('button', { name: 'Kirish' }).length).toBeGreaterThan(0);
  });

  it('shows the questions at /faq, which the footer links', async () => {
    stubApi({
      '/api/questions': {
        data: [{ id: 1, question: 'Oldindan to‘lov kerakmi?', answer: 'Limit yetsa, kerak emas.' }],
      },
    });
    renderAt('/faq');
    expect(await screen.findByText('Oldindan to‘lov kerakmi?')).toBeInTheDocument();
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Savol-javob' })).toHaveAttribute(
      'href',
      '/faq',
    );
  });

  it('links the footer to the brands and the discounted products', async () => {
    stubApi({});
    renderAt('/basket');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Brendlar' })).toHaveAttribute(
      'href',
      '/brands',
    );
    expect(within(footer).getByRole('link', { name: 'Chegirmalar' })).toHaveAttribute(
      'href',
      '/products/discount',
    );
  });
});
