import type { ContractDocument } from '@bozor/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fetch.ts';
import { makeCredit } from '../../../test/orders.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';
import { ContractPage } from '../components/contract-page.tsx';

const contract: ContractDocument = {
  credit_id: 12,
  number: 'B-000012',
  title: 'Tovarni muddatli to‘lovga sotish shartnomasi',
  date: '2026-11-23',
  sections: [{ heading: '1. Shartnoma predmeti', paragraphs: ['Sotuvchi tovarni beradi.'] }],
  schedule: [
    { number: 1, due_date: '2026-12-23', amount: 200_000 },
    { number: 2, due_date: '2027-01-23', amount: 200_000 },
  ],
  signed_at: null,
  hash: null,
};

const credit = makeCredit(12, {
  code: 'B-000012',
  order_id: 31,
  months: 2,
  monthly_payment: 200_000,
  total: 400_000,
  debt_summa: 400_000,
  next_due_date: '2026-12-23',
  next_payment: 200_000,
  financed: 360_000,
  markup_percent: 11,
  card: null,
  signed_at: '2026-11-23T10:05:00.000Z',
  schedule: [],
  items: [],
});
const unsigned = { ...credit, signed_at: null, status: 'not_signed' as const };
const signedContract = {
  ...contract,
  signed_at: '2026-11-23T10:05:00.000Z',
  hash: 'ab'.repeat(32),
};
const orderCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/orders'));

function renderContract() {
  return renderRoutes(
    [
      { path: '/contract/show', element: <ContractPage creditId={12} /> },
      { path: '/checkout/list-cards', element: <p>card selection</p> },
      { path: '/checkout/thanks', element: <p>thanks</p> },
    ],
    '/contract/show?credit=12',
  );
}

describe('the contract page', () => {
  beforeEach(() => signInForTest());
  afterEach(() => {
    signOutForTest();
    vi.unstubAllGlobals();
  });

  it('shows the text and schedule, signs with the SMS code and goes on to the prepayment', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      '/api/credits/12/contract': { data: contract },
      '/api/credits/12': { data: unsigned },
      'POST /api/credits/12/contract/send-code': {
        message: 'Kod yuborildi',
        data: { phone: '998901234567', wait: 60 },
      },
      'POST /api/credits/confirm/12': {
        message: 'Shartnoma imzolandi',
        data: { ...credit, prepayment_due: 800_000 },
      },
    });
    const router = renderContract();
    expect(
      await screen.findByRole('heading', { name: 'Tovarni muddatli to‘lovga sotish shartnomasi' }),
    ).toBeVisible();
    expect(screen.getByText('Sotuvchi tovarni beradi.')).toBeVisible();
    expect(screen.getAllByText("200 000 so'm")).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Kodni yuborish' }));
    expect(await screen.findByText(/Kod \+99890 123 45 67 raqamiga yuborildi/)).toBeVisible();
    expect(screen.getByText(/Kodni qayta yuborish 1:00 dan so'ng|0:59/)).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Kodning 1-raqami' }), '123456');

    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/list-cards'));
    expect(router.state.location.search).toBe('?credit=12&first=1');
    const sign = fetchMock.mock.calls.find(([url]) => url === '/api/credits/confirm/12');
    expect(JSON.parse(String(sign?.[1]?.body))).toEqual({ otp: '123456' });
    expect(orderCalls(fetchMock)).toEqual([]);
  });

  it('clears the boxes and says why when the code is wrong', async () => {
    const user = userEvent.setup();
    stubApi({
      '/api/credits/12/contract': { data: contract },
      '/api/credits/12': { data: unsigned },
      'POST /api/credits/12/contract/send-code': {
        message: 'Kod yuborildi',
        data: { phone: '998901234567', wait: 60 },
      },
      'POST /api/credits/confirm/12': () => ({
        status: 400,
        body: { message: "Kod noto'g'ri", code: 'OTP_INVALID' },
      }),
    });
    renderContract();
    await user.click(await screen.findByRole('button', { name: 'Kodni yuborish' }));
    await user.type(await screen.findByRole('textbox', { name: 'Kodning 1-raqami' }), '000000');
    expect(await screen.findByRole('alert')).toHaveTextContent("Kod noto'g'ri");
    expect(screen.getByRole('textbox', { name: 'Kodning 1-raqami' })).toHaveValue('');
  });

  it('leads a signed contract with nothing to pay up front to thanks', async () => {
    const fetchMock = stubApi({
      '/api/credits/12/contract': { data: signedContract },
      '/api/credits/12': { data: credit },
    });
    const router = renderContract();
    expect(await screen.findByText(/Imzolangan:/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Kodni yuborish' })).not.toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Davom etish' });
    await waitFor(() => expect(next).toBeEnabled());
    await userEvent.click(next);
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/thanks'));
    expect(router.state.location.search).toBe('?order=31');
    expect(orderCalls(fetchMock)).toEqual([]);
  });

  it('leads a signed contract whose prepayment is still due to paying it', async () => {
    const fetchMock = stubApi({
      '/api/credits/12/contract': { data: signedContract },
      '/api/credits/12': { data: { ...credit, prepayment_due: 800_000 } },
    });
    const router = renderContract();
    const next = await screen.findByRole('button', { name: 'Davom etish' });
    await waitFor(() => expect(next).toBeEnabled());
    await userEvent.click(next);
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/list-cards'));
    expect(router.state.location.search).toBe('?credit=12&first=1');
    expect(orderCalls(fetchMock)).toEqual([]);
  });
});
