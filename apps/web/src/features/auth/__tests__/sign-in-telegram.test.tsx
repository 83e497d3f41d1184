import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionToken } from '../../../lib/session.ts';
import { stubApi } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SignInModal } from '../components/sign-in-modal.tsx';
import { closeSignIn, openSignIn } from '../sign-in-state.ts';

beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

describe('a sign-in code that went by Telegram', () => {
  beforeEach(() => sessionToken.reload());
  afterEach(() => {
    act(() => closeSignIn());
    vi.unstubAllGlobals();
  });

  it('says the code is in Telegram', async () => {
    stubApi({
      '/api/clients/send-code': {
        data: { token: 'challenge-1', phone: '998901234567', resend_in: 60, channel: 'telegram' },
      },
    });
    renderWithProviders(<SignInModal />);
    act(() => openSignIn());
    await userEvent.type(screen.getByLabelText('Telefon raqami'), '901234567');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Kodni olish' }));
    expect(
      await screen.findByText(
        '+998 90 123 45 67 raqamli Telegram hisobingizga 6 xonali kod yuborildi',
      ),
    ).toBeInTheDocument();
  });
});
