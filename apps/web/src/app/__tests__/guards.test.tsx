import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/fetch.ts';
import { makeClientInfo, makeUser } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../test/session.ts';
import { RequireLoggedIn, RequireToken } from '../guards.tsx';

const user = makeUser();

function renderAt(path: string) {
  return renderRoutes(
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
    path,
  );
}

describe('route guards', () => {
  beforeEach(() => signOutForTest());
  afterEach(() => vi.unstubAllGlobals());

  it('send checkout without a stored token to the basket', async () => {
    stubApi({});
    renderAt('/checkout');
    expect(await screen.findByText('basket')).toBeInTheDocument();
  });

  it('let checkout through with a stored token', async () => {
    signInForTest();
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
    signInForTest();
    stubApi({ '/api/clients/info': makeClientInfo(user) });
    renderAt('/user/add-card');
    expect(await screen.findByText('add card')).toBeInTheDocument();
  });

  it('send the user area home and forget the token the server refuses', async () => {
    signInForTest();
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
