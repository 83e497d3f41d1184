import type { Card } from '@bozor/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toast.tsx';
import { stubApi } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';
import { CardCodeStep } from '../components/card-code-step.tsx';

const card: Card = {
  id: 7,
  card_number: '8600********1110',
  type: 'uzcard',
  expire: '12/30',
  created_at: '2026-11-20T08:30:00.000Z',
};

function renderStep(wait = 60) {
  const onConfirmed = vi.fn();
  const onBack = vi.fn();
  renderWithProviders(
    <>
      <CardCodeStep
        added={{ card_id: 7, phone: '99890*****67', wait }}
        onConfirmed={onConfirmed}
        onBack={onBack}
      />
      <Toaster />
    </>,
  );
  return { onConfirmed, onBack };
}

const boxes = () => screen.getAllByRole('textbox') as HTMLInputElement[];

describe('the card code step', () => {
  beforeEach(() => signInForTest());
  afterEach(() => {
    signOutForTest();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows a wrong code and clears the boxes, then binds the card with the right one', async () => {
    const fetchMock = stubApi({
      '/api/cards/confirm': (_url: string, init: RequestInit | undefined) =>
        JSON.parse(String(init?.body)).otp === '123456'
          ? { status: 200, body: { message: 'Karta qo‘shildi', data: card } }
          : { status: 422, body: { message: "Kod noto'g'ri", code: 'OTP_INVALID' } },
    });
    const { onConfirmed } = renderStep();
    expect(screen.getByText(/\+99890\*\*\*\*\*67 raqamiga SMS kod/)).toBeInTheDocument();
    expect(boxes()[0]).toHaveFocus();

    await userEvent.keyboard('111111');
    expect(await screen.findAllByText("Kod noto'g'ri")).not.toHaveLength(0);
    expect(boxes().map((b) => b.value)).toEqual(['', '', '', '', '', '']);
    expect(onConfirmed).not.toHaveBeenCalled();

    // the next try starts at the first box, without reaching for it
    await waitFor(() => expect(boxes()[0]).toHaveFocus());
    await userEvent.keyboard('123456');
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledWith(card));
    // SPEC §8: card confirmation shows the server's message as a success
    expect(screen.getByText('Karta qo‘shildi').closest('[role="status"]')).not.toBeNull();
    const bodies = fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)));
    expect(bodies.at(-1)).toEqual({ card_id: 7, otp: '123456' });
  });

  it('offers a new code once the countdown from the gateway’s wait runs out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubApi({
      '/api/cards/resend-code': {
        message: 'Kod yuborildi',
        data: { card_id: 7, phone: '99890*****67', wait: 60 },
      },
    });
    renderStep(30);
    expect(screen.getByText(/0:(30|29) dan so'ng/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Kodni qayta yuborish' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(30_500));
    await userEvent.click(screen.getByRole('button', { name: 'Kodni qayta yuborish' }));
    expect(await screen.findByText('Yangi kod SMS orqali yuborildi')).toBeInTheDocument();
    expect(screen.getByText(/(1:00|0:59) dan so'ng/)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/cards/resend-code');
    expect(JSON.parse(String(init.body))).toEqual({ card_id: 7 });
  });

  it('starts the countdown again from Retry-After when a new code is asked too early', async () => {
    stubApi({
      '/api/cards/resend-code': () => ({
        status: 429,
        body: { message: "Yangi kodni biroz keyin so'rash mumkin", code: 'RATE_LIMITED' },
      }),
    });
    // stubApi answers no headers: a real 429 carries Retry-After, read by the api client
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await realFetch(input, init);
      const headers = new Headers(response.headers);
      headers.set('retry-after', '45');
      return new Response(await response.text(), { status: response.status, headers });
    });
    renderStep(0);
    await userEvent.click(screen.getByRole('button', { name: 'Kodni qayta yuborish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Yangi kodni biroz keyin so'rash");
    expect(screen.getByText(/0:(45|44) dan so'ng/)).toBeInTheDocument();
  });

  it('goes back to the card form to correct the number', async () => {
    stubApi({});
    const { onBack } = renderStep();
    await userEvent.click(screen.getByRole('button', { name: 'Boshqa karta kiritish' }));
    expect(onBack).toHaveBeenCalled();
  });
});
