import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignInModal } from '../../../features/auth/components/sign-in-modal.tsx';
import { closeSignIn } from '../../../features/auth/index.ts';
import { browser } from '../../../lib/browser.ts';
import { stubApi } from '../../../test/fetch.ts';
import { makeUser } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';
import { InstallmentStrip, TopNav } from '../top-nav.tsx';

beforeAll(() => {
  // jsdom has <dialog> without its modal methods
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

const challenge = { token: 'challenge-1', phone: '998901234567', resend_in: 60 };

function renderNav() {
  renderWithProviders(
    <>
      <TopNav />
      <SignInModal />
    </>,
  );
}

describe('the installment call-to-action', () => {
  beforeEach(() => signOutForTest());
  afterEach(() => {
    closeSignIn();
    vi.unstubAllGlobals();
  });

  it('leads a signed-in customer to /scoring, which continues or shows the limit', () => {
    signInForTest();
    stubApi({ '/api/categories/top': { data: [] } });
    renderNav();
    expect(screen.getByRole('link', { name: "Muddatli to'lovga olish" })).toHaveAttribute(
      'href',
      '/scoring',
    );
  });

  it('asks an anonymous visitor to sign in, then opens /scoring', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    stubApi({
      '/api/categories/top': { data: [] },
      '/api/clients/send-code': { data: challenge },
      '/api/clients/sign-in': { data: { token: 'session-token', user: makeUser() } },
    });
    renderNav();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: "Muddatli to'lovga olish" }));
    expect(screen.getByTestId('sign-in-modal')).toHaveAttribute('open');

    await user.type(screen.getByLabelText('Telefon raqami'), '901234567');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Kodni olish' }));
    await screen.findByRole('heading', { name: 'Kodni kiriting' });
    await user.keyboard('123456');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/scoring'));
    expect(reload).not.toHaveBeenCalled();
  });

  it('is a strip of its own below large screens, where the top bar is hidden', () => {
    signInForTest();
    renderWithProviders(<InstallmentStrip />);
    const strip = screen.getByRole('link', { name: "Muddatli to'lovga olish" });
    expect(strip).toHaveAttribute('href', '/scoring');
    expect(strip).toHaveClass('lg:hidden');
  });
});
