import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionToken } from '../../lib/session.ts';
import { stubApi } from '../../test/fetch.ts';
import { RequireLoggedIn, RequireToken } from '../guards.tsx';

const user = {
  id: 1,
  phone: '998901234567',
  is_scoring: false,
  is_identified: false,
  lang: 'uz',
  created_at: '2026-11-01T10:00:00.000Z',
};

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home</p> },
      { path: '/basket', element: <p>basket</p> },
      {
        path: '/checkout',
        element: <RequireToken />,
        children: [{ index: true, element: <p>checkout</p> }],
      },
      {
        path: '/user',
        element: <RequireLoggedIn />,
        children: [{ path: 'add-card', element: <p>add card</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function signIn() {
  localStorage.setItem('serviceToken', 'token-1');
  sessionToken.reload();
}

describe('route guards', () => {
  beforeEach(() => sessionToken.reload());
  afterEach(() => vi.unstubAllGlobals());

  it('send checkout without a stored token to the basket', async () => {
    stubApi({});
    renderAt('/checkout');
    expect(await screen.findByText('basket')).toBeInTheDocument();
  });

  it('let checkout through with a stored token', async () => {
    signIn();
    stubApi({});
    renderAt('/checkout');
    expect(await screen.findByText('checkout')).toBeInTheDocument();
  });

  it('send the user area home when nobody is signed in', async () => {
    stubApi({});
    renderAt('/user/add-card');
    expect(await screen.findByText('home')).toBeInTheDocument();
  });

  it('open the user area once the profile has loaded', async () => {
    signIn();
    stubApi({ '/api/clients/info': { data: { user, phone: user.phone } } });
    renderAt('/user/add-card');
    expect(await screen.findByText('add card')).toBeInTheDocument();
  });

  it('send the user area home and forget the token the server refuses', async () => {
    signIn();
    stubApi({
      '/api/clients/info': () => ({
        status: 401,
        body: { message: 'Sessiya tugagan', code: 'UNAUTHORIZED' },
      }),
    });
    renderAt('/user/add-card');
    expect(await screen.findByText('home')).toBeInTheDocument();
    expect(localStorage.getItem('serviceToken')).toBeNull();
  });
});
