import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toast.tsx';
import { browser } from '../../../lib/browser.ts';
import { sessionToken } from '../../../lib/session.ts';
import { stubApi } from '../../../test/fetch.ts';
import { makeUser } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SignInModal } from '../components/sign-in-modal.tsx';
import { closeSignIn, openSignIn, openSignInFor } from '../sign-in-state.ts';

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
const user = makeUser();

function open(then?: string) {
  renderWithProviders(
    <>
      <SignInModal />
      <Toaster />
    </>,
  );
  act(() => (then ? openSignInFor(then) : openSignIn()));
}

async function sendPhone() {
  await userEvent.type(screen.getByLabelText('Telefon raqami'), '901234567');
  await userEvent.click(screen.getByRole('checkbox'));
  await userEvent.click(screen.getByRole('button', { name: 'Kodni olish' }));
}

describe('the sign-in modal', () => {
  beforeEach(() => sessionToken.reload());
  afterEach(() => {
    act(() => closeSignIn());
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('masks the phone and sends the code only with the offer accepted', async () => {
    const fetchMock = stubApi({ '/api/clients/send-code': { data: challenge } });
    open();
    const phone = screen.getByLabelText('Telefon raqami');
    await userEvent.type(phone, '90x1234567');
    expect(phone).toHaveValue('90 123 45 67');
    expect(screen.getByRole('button', { name: 'Kodni olish' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'ommaviy oferta' })).toHaveAttribute('href', '/offer');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Kodni olish' }));
    expect(await screen.findByRole('heading', { name: 'Kodni kiriting' })).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ phone: '998901234567' });
    expect(screen.getByText(/\+998 90 123 45 67/)).toBeInTheDocument();
  });

  it('asks for the whole phone before calling the server', async () => {
    const fetchMock = stubApi({});
    open();
    await userEvent.type(screen.getByLabelText('Telefon raqami'), '9012');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Kodni olish' }));
    expect(screen.getByRole('alert')).toHaveTextContent("Telefon raqamingizni to'liq kiriting");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of the phone in the modal", async () => {
    stubApi({
      '/api/clients/send-code': () => ({
        status: 429,
        body: { message: "Juda ko'p urinish. 60 soniyadan so'ng", code: 'RATE_LIMITED' },
      }),
    });
    open();
    await sendPhone();
    expect(await screen.findByRole('alert')).toHaveTextContent("Juda ko'p urinish");
    expect(screen.getByRole('heading', { name: 'Kirish' })).toBeInTheDocument();
  });

  it('signs in with the code: stores the token and phone, then reloads the page', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    const fetchMock = stubApi({
      '/api/clients/send-code': { data: challenge },
      '/api/clients/sign-in': { data: { token: 'session-token', user } },
    });
    open();
    await sendPhone();
    await screen.findByRole('heading', { name: 'Kodni kiriting' });
    await userEvent.keyboard('123456');
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(localStorage.getItem('serviceToken')).toBe('session-token');
    expect(localStorage.getItem('phone')).toBe('998901234567');
    const signInCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/sign-in'));
    const init = signInCall?.[1] as RequestInit | undefined;
    expect(JSON.parse(String(init?.body))).toEqual({
      token: 'challenge-1',
      code: '123456',
    });
  });

  it('shows a wrong code, clears the boxes, and goes back to the phone without the error', async () => {
    stubApi({
      '/api/clients/send-code': { data: challenge },
      '/api/clients/sign-in': () => ({
        status: 422,
        body: { message: "Kod noto'g'ri. 4 ta urinish qoldi", code: 'OTP_INVALID' },
      }),
    });
    open();
    await sendPhone();
    await screen.findByRole('heading', { name: 'Kodni kiriting' });
    await userEvent.keyboard('000000');
    expect(await screen.findAllByText("Kod noto'g'ri. 4 ta urinish qoldi")).not.toHaveLength(0);
    expect(
      (screen.getAllByRole('textbox') as HTMLInputElement[]).every((b) => b.value === ''),
    ).toBe(true);
    expect(localStorage.getItem('serviceToken')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Orqaga' }));
    expect(screen.getByLabelText('Telefon raqami')).toHaveValue('90 123 45 67');
    expect(
      within(screen.getByTestId('sign-in-modal')).queryByRole('alert'),
    ).not.toBeInTheDocument();
  });

  it('opens the page the visitor was headed for once signed in, instead of reloading', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    stubApi({
      '/api/clients/send-code': { data: challenge },
      '/api/clients/sign-in': { data: { token: 'session-token', user } },
    });
    open('/scoring');
    await sendPhone();
    await screen.findByRole('heading', { name: 'Kodni kiriting' });
    await userEvent.keyboard('123456');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/scoring'));
    expect(reload).not.toHaveBeenCalled();
  });

  it('forgets where the visitor was headed when the modal is closed', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    stubApi({
      '/api/clients/send-code': { data: challenge },
      '/api/clients/sign-in': { data: { token: 'session-token', user } },
    });
    open('/scoring');
    act(() => closeSignIn());
    act(() => openSignIn());
    await sendPhone();
    await screen.findByRole('heading', { name: 'Kodni kiriting' });
    await userEvent.keyboard('123456');
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(assign).not.toHaveBeenCalled();
  });

  it('counts down 60 seconds before it offers a new code', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubApi({
      '/api/clients/send-code': { data: challenge },
      '/api/clients/resend-code': { data: { ...challenge, resend_in: 60 } },
    });
    open();
    await sendPhone();
    expect(await screen.findByText(/(1:00|0:59) dan so'ng/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Kodni qayta yuborish' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByText(/0:(30|29) dan so'ng/)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(30_500));
    await userEvent.click(screen.getByRole('button', { name: 'Kodni qayta yuborish' }));
    expect(await screen.findByText('Yangi kod SMS orqali yuborildi')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/resend-code'))).toBe(true);
    expect(screen.getByText(/(1:00|0:59) dan so'ng/)).toBeInTheDocument();
  });
});
