import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeSignIn, useSignInOpen } from '../../features/auth/index.ts';
import { stubApi } from '../../test/fetch.ts';
import { renderRoutes } from '../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../test/session.ts';
import { ContractShowRoute } from '../contract-show-route.tsx';

function SignInProbe() {
  return <p>{useSignInOpen() ? 'sign-in open' : 'sign-in closed'}</p>;
}

/** Whether the page asked the server for credit 12's contract. */
function asksForContract(fetchMock: ReturnType<typeof stubApi>): boolean {
  return fetchMock.mock.calls.some(([url]) => String(url).includes('/credits/12/contract'));
}

function renderAt(path: string) {
  return renderRoutes(
    [
      {
        path: '/contract/show',
        element: (
          <>
            <ContractShowRoute />
            <SignInProbe />
          </>
        ),
      },
    ],
    path,
  );
}

describe('/contract/show', () => {
  afterEach(() => {
    signOutForTest();
    closeSignIn();
    vi.unstubAllGlobals();
  });

  it("asks a visitor to sign in for a credit's contract, without asking the server for it", async () => {
    const fetchMock = stubApi({});
    renderAt('/contract/show?credit=12');
    expect(
      await screen.findByRole('heading', { name: "Shartnomani ko'rish uchun kiring" }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Kirish' }));
    expect(screen.getByText('sign-in open')).toBeInTheDocument();
    expect(asksForContract(fetchMock)).toBe(false);
  });

  it('opens the contract for a signed-in customer', async () => {
    signInForTest();
    const fetchMock = stubApi({});
    renderAt('/contract/show?credit=12');
    expect(
      await screen.findByRole('heading', { name: "Muddatli to'lov shartnomasi" }),
    ).toBeInTheDocument();
    expect(screen.queryByText("Shartnomani ko'rish uchun kiring")).not.toBeInTheDocument();
    // the request starts once the page's query runs, which can be after its first paint
    await waitFor(() => expect(asksForContract(fetchMock)).toBe(true));
  });
});
