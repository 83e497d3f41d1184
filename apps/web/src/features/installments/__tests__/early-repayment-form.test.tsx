import type { EarlyRepaymentPreview, ScheduleRow } from '@bozor/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fetch.ts';
import { makeCredit, makeSchedule } from '../../../test/orders.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';
import { InstallmentPage } from '../components/installment-page.tsx';

/** What the API would answer for 6 × 450,000 sum, nothing due yet. */
function previewOf(amount: number, mode: EarlyRepaymentPreview['mode']): EarlyRepaymentPreview {
  const schedule: ScheduleRow[] = makeSchedule(6, 450_000);
  const paid =
    mode === 'shorter_term'
      ? [0, 0, 0, 0, 225_000, 450_000]
      : Array(6).fill(Math.floor(amount / 6));
  return {
    amount,
    mode,
    due_part: 0,
    early_part: amount,
    debt_before: 2_700_000,
    debt_after: 2_700_000 - amount,
    installments_left_before: 6,
    installments_left_after: mode === 'shorter_term' ? 5 : 6,
    next_due_date: schedule[0]!.due_date,
    next_payment: mode === 'shorter_term' ? 450_000 : 450_000 - Math.floor(amount / 6),
    last_due_date: schedule[mode === 'shorter_term' ? 4 : 5]!.due_date,
    schedule: schedule.map((row, i) => ({
      ...row,
      paid: paid[i] ?? 0,
      state: paid[i] === 450_000 ? 'paid' : (paid[i] ?? 0) > 0 ? 'partly_paid' : 'upcoming',
    })),
  };
}

function renderCredit() {
  const asked: { amount: number; mode: EarlyRepaymentPreview['mode'] }[] = [];
  stubApi({
    '/api/credits/3': { data: makeCredit(3) },
    'POST /api/credits/3/early-repayment/preview': (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as (typeof asked)[number];
      asked.push(body);
      return { status: 200, body: { data: previewOf(body.amount, body.mode) } };
    },
  });
  const router = renderRoutes(
    [
      { path: '/installment/:id', element: <InstallmentPage /> },
      { path: '/checkout/list-cards', element: <p>cards</p> },
    ],
    '/installment/3',
  );
  return { asked, router };
}

describe('paying another sum on the credit page', () => {
  beforeEach(() => signInForTest());
  afterEach(() => {
    signOutForTest();
    vi.unstubAllGlobals();
  });

  it('groups the digits, lets the customer choose, and shows the new schedule before paying', async () => {
    const user = userEvent.setup();
    const { asked, router } = renderCredit();
    const form = await screen.findByRole('region', { name: "Boshqa summa to'lash" });
    const input = within(form).getByLabelText('Summa');
    await user.type(input, '675000');
    expect(input).toHaveValue('675 000');

    const shorter = within(form).getByRole('radio', { name: /Muddatni qisqartirish/ });
    expect(shorter).toBeChecked();
    const table = await within(form).findByRole('region', { name: "To'lovdan keyingi jadval" });
    expect(within(table).getAllByText("225 000 so'm").length).toBeGreaterThan(0);
    expect(within(form).getByText('6 → 5')).toBeInTheDocument();
    const pay = within(form).getByRole('button', { name: "675 000 so'm to'lash" });
    await waitFor(() => expect(pay).not.toHaveAttribute('aria-disabled'));

    // while the other choice is recalculated the same button waits, and a click goes nowhere
    await user.click(within(form).getByRole('radio', { name: /Oylik to'lovni kamaytirish/ }));
    expect(pay).toHaveAttribute('aria-disabled', 'true');
    await user.click(pay);
    expect(router.state.location.pathname).toBe('/installment/3');
    await waitFor(() => expect(within(form).getByText('6 → 6')).toBeInTheDocument());
    await waitFor(() => expect(pay).not.toHaveAttribute('aria-disabled'));
    await user.click(pay);
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/checkout/list-cards?credit=3&amount=675000&mode=smaller_installments',
    );
    // one preview per settled choice, not one per key typed
    expect(asked).toEqual([
      { amount: 675_000, mode: 'shorter_term' },
      { amount: 675_000, mode: 'smaller_installments' },
    ]);
  });

  it('refuses a sum under one installment or above the rest, and asks nothing for it', async () => {
    const user = userEvent.setup();
    const { asked } = renderCredit();
    const form = await screen.findByRole('region', { name: "Boshqa summa to'lash" });
    const input = within(form).getByLabelText('Summa');
    await user.type(input, '100000');
    expect(within(form).getByRole('alert')).toHaveTextContent(
      "Muddatidan oldin kamida bir oylik to'lov (450 000 so'm) yoki butun qoldiq to'lanadi",
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByRole('button', { name: /to'lash/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.clear(input);
    await user.type(input, '2700001');
    expect(within(form).getByRole('alert')).toHaveTextContent("2 700 000 so'm");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(asked).toEqual([]);
  });

  it('says when the preview fails and lets the customer try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubApi({
      '/api/credits/3': { data: makeCredit(3) },
      'POST /api/credits/3/early-repayment/preview': (_url: string, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body));
        if (fail) {
          fail = false;
          return {
            status: 503,
            body: { message: 'Xizmat vaqtincha ishlamayapti', code: 'UNAVAILABLE' },
          };
        }
        return { status: 200, body: { data: previewOf(body.amount, body.mode) } };
      },
    });
    renderRoutes([{ path: '/installment/:id', element: <InstallmentPage /> }], '/installment/3');
    const form = await screen.findByRole('region', { name: "Boshqa summa to'lash" });
    await user.type(within(form).getByLabelText('Summa'), '900000');
    expect(await within(form).findByText('Xizmat vaqtincha ishlamayapti')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Qayta urinish' }));
    const pay = within(form).getByRole('button', { name: "900 000 so'm to'lash" });
    await waitFor(() => expect(pay).not.toHaveAttribute('aria-disabled'));
  });
});
