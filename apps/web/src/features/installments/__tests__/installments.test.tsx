import type { CreditDetail } from '@bozor/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fetch.ts';
import {
  creditSummaryOf,
  installDialogMethods,
  makeCard,
  makeCredit,
  makeSchedule,
  pageOf,
} from '../../../test/orders.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';
import { InstallmentPage } from '../components/installment-page.tsx';
import { InstallmentsPage } from '../components/installments-page.tsx';

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/profile/installments', element: <InstallmentsPage /> },
      { path: '/installment/:id', element: <InstallmentPage /> },
      { path: '/', element: <p>catalogue</p> },
    ],
    path,
  );
}

/** A credit two installments into its schedule: one paid, one overdue with a penalty, one due. */
function runningCredit(overrides: Partial<CreditDetail> = {}): CreditDetail {
  const schedule = makeSchedule(6, 450_000);
  schedule[0] = { ...schedule[0]!, paid: 450_000, state: 'paid', paid_at: '2026-12-20T05:00:00Z' };
  schedule[1] = { ...schedule[1]!, penalty: 4_500, paid: 100_000, state: 'overdue' };
  schedule[2] = { ...schedule[2]!, state: 'due' };
  schedule[3] = { ...schedule[3]!, paid: 200_000, state: 'partly_paid' };
  return makeCredit(3, {
    status: 'overdue',
    status_name: "Muddati o'tgan",
    paid: 750_000,
    total: 2_704_500,
    debt_summa: 1_954_500,
    need_payed_price: 804_500,
    next_payment: 250_000,
    schedule,
    ...overrides,
  });
}

describe('the profile installments page', () => {
  beforeEach(() => signInForTest());
  afterEach(() => {
    signOutForTest();
    vi.unstubAllGlobals();
  });

  it('lists each credit with its contract, status, monthly payment, debt, due date and progress', async () => {
    stubApi({ '/api/credits': pageOf([creditSummaryOf(runningCredit())]) });
    renderAt('/profile/installments');
    const credit = await screen.findByRole('link', { name: /Shartnoma №BZ-3/ });
    expect(credit).toHaveAttribute('href', '/installment/3');
    expect(within(credit).getByText("Muddati o'tgan")).toHaveAttribute('data-status', 'overdue');
    expect(within(credit).getByText("450 000 so'm")).toBeInTheDocument();
    expect(within(credit).getByText("1 954 500 so'm")).toBeInTheDocument();
    expect(within(credit).getByText('20-dekabr, 2026')).toBeInTheDocument();
    expect(within(credit).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '28');
  });

  it('names the insurer of the credits from the contacts', async () => {
    stubApi({
      '/api/credits': pageOf([creditSummaryOf(runningCredit())]),
      '/api/contacts': { data: [{ key: 'insurance', value: 'https://bozor.uz/insurance' }] },
    });
    renderAt('/profile/installments');
    const insurance = await screen.findByRole('complementary', {
      name: "Muddatli to'lov sug'urtasi",
    });
    const link = within(insurance).getByRole('link', { name: 'bozor.uz/insurance' });
    expect(link).toHaveAttribute('href', 'https://bozor.uz/insurance');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('calls the insurer when the contact is a phone number', async () => {
    stubApi({
      '/api/credits': pageOf([]),
      '/api/contacts': { data: [{ key: 'insurance', value: '+998 71 202 00 00' }] },
    });
    renderAt('/profile/installments');
    expect(await screen.findByRole('link', { name: '+99871 202 00 00' })).toHaveAttribute(
      'href',
      'tel:+998712020000',
    );
  });

  it('says when there are no installments yet', async () => {
    stubApi({ '/api/credits': pageOf([]) });
    renderAt('/profile/installments');
    expect(
      await screen.findByRole('heading', { name: "Muddatli to'lovlar hali yo'q" }),
    ).toBeInTheDocument();
  });

  it('offers a retry when the list fails to load', async () => {
    let fail = true;
    stubApi({
      '/api/credits': () =>
        fail
          ? { status: 500, body: { message: 'Serverda xatolik', code: 'INTERNAL_ERROR' } }
          : { status: 200, body: pageOf([creditSummaryOf(makeCredit(4))]) },
    });
    renderAt('/profile/installments');
    expect(await screen.findByRole('alert')).toHaveTextContent('Serverda xatolik');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Qayta urinish' }));
    expect(await screen.findByRole('link', { name: /Shartnoma №BZ-4/ })).toBeInTheDocument();
  });
});

describe('the installment page', () => {
  beforeEach(() => signInForTest());
  afterEach(() => {
    signOutForTest();
    vi.unstubAllGlobals();
  });

  it('shows every installment with its state, penalty and what was paid', async () => {
    stubApi({ '/api/credits/3': { data: runningCredit() } });
    renderAt('/installment/3');
    const table = await screen.findByTestId('schedule-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(6);
    expect(within(rows[0]!).getByText("To'langan")).toHaveAttribute('data-state', 'paid');
    expect(within(rows[1]!).getByText("Muddati o'tgan")).toHaveAttribute('data-state', 'overdue');
    expect(within(rows[1]!).getByText("4 500 so'm")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("100 000 so'm")).toBeInTheDocument();
    expect(within(rows[2]!).getByText("To'lash vaqti keldi")).toHaveAttribute('data-state', 'due');
    expect(within(rows[3]!).getByText("Qisman to'langan")).toHaveAttribute(
      'data-state',
      'partly_paid',
    );
    expect(within(rows[5]!).getByText('Kutilmoqda')).toHaveAttribute('data-state', 'upcoming');
    // the phone layout shows the same schedule as cards
    const cards = within(screen.getByTestId('schedule-cards')).getAllByRole('listitem');
    expect(cards[1]).toHaveAccessibleName("2-to'lov, 20-yanvar, 2027");
  });

  it('pays what is due now, or the whole rest early, through the card selection', async () => {
    stubApi({ '/api/credits/3': { data: runningCredit() } });
    renderAt('/installment/3');
    expect(await screen.findByRole('link', { name: "Hozir to'lash 804 500 so'm" })).toHaveAttribute(
      'href',
      '/checkout/list-cards?credit=3&amount=804500',
    );
    expect(
      screen.getByRole('link', { name: "Muddatidan oldin yopish 1 954 500 so'm" }),
    ).toHaveAttribute('href', '/checkout/list-cards?credit=3&amount=1954500');
    expect(screen.getByRole('link', { name: 'Shartnoma' })).toHaveAttribute(
      'href',
      '/contract/show?credit=3',
    );
    expect(screen.getByRole('link', { name: 'Buyurtma №5' })).toHaveAttribute(
      'href',
      '/order-detail/5',
    );
  });

  it('moves autopay to another card from the card box', async () => {
    installDialogMethods();
    const humo = makeCard({ id: 8, card_number: '9860********1113', type: 'humo' });
    const credit = runningCredit();
    const fetchMock = stubApi({
      '/api/credits/3': { data: credit },
      '/api/cards': { data: [makeCard(), humo] },
      'PUT /api/credits/3/card': {
        message: "Avtoto'lov kartasi o'zgartirildi",
        data: { ...credit, card: humo },
      },
    });
    renderAt('/installment/3');
    await userEvent.click(await screen.findByRole('button', { name: "O'zgartirish" }));
    const dialog = screen.getByRole('dialog', { name: "Avtoto'lov kartasi" });
    await userEvent.click(await within(dialog).findByRole('radio', { name: '9860********1113' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Saqlash' }));
    await vi.waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => String(url).endsWith('/api/credits/3/card') && init?.method === 'PUT',
        ),
      ).toBe(true),
    );
    const put = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/credits/3/card'));
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ card_id: 8 });
  });

  it('pays the next installment when nothing is due yet', async () => {
    stubApi({ '/api/credits/3': { data: makeCredit(3) } });
    renderAt('/installment/3');
    expect(await screen.findByRole('link', { name: "Hozir to'lash 450 000 so'm" })).toHaveAttribute(
      'href',
      '/checkout/list-cards?credit=3&amount=450000',
    );
  });

  it('offers no payment for a closed credit', async () => {
    stubApi({
      '/api/credits/3': {
        data: makeCredit(3, {
          status: 'closed',
          status_name: 'Yopilgan',
          paid: 2_700_000,
          debt_summa: 0,
          next_payment: 0,
          next_due_date: null,
        }),
      },
    });
    renderAt('/installment/3');
    expect(await screen.findByRole('link', { name: 'Shartnoma' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Hozir to'lash/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Muddatidan oldin/ })).not.toBeInTheDocument();
  });

  it('leads an unsigned credit to its contract instead of a payment', async () => {
    stubApi({
      '/api/credits/3': {
        data: makeCredit(3, { status: 'not_signed', status_name: 'Imzolanmagan', signed_at: null }),
      },
    });
    renderAt('/installment/3');
    expect(await screen.findByRole('link', { name: 'Shartnomani imzolash' })).toHaveAttribute(
      'href',
      '/contract/show?credit=3',
    );
    expect(screen.queryByRole('link', { name: /Hozir to'lash/ })).not.toBeInTheDocument();
  });

  it("shows the not-found page for a credit that is not the customer's", async () => {
    stubApi({
      '/api/credits/9': () => ({
        status: 404,
        body: { message: 'Topilmadi', code: 'NOT_FOUND' },
      }),
    });
    renderAt('/installment/9');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });
});
