import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toast.tsx';
import { stubApi } from '../../../test/fetch.ts';
import {
  creditSummaryOf,
  installDialogMethods,
  makeCredit,
  makeOrderDetail,
  pageOf,
} from '../../../test/orders.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';
import { AdditionalLimitPage } from '../components/additional-limit-page.tsx';

beforeAll(installDialogMethods);

function renderPage() {
  return renderRoutes(
    [
      {
        path: '/profile/additional-limit',
        element: (
          <>
            <AdditionalLimitPage />
            <Toaster />
          </>
        ),
      },
    ],
    '/profile/additional-limit',
  );
}

const pendingOrder = makeOrderDetail(5, {
  payment_type: 'installment',
  credit_id: 3,
  credit_status: 'not_signed',
  prepayment: 0,
  need_payed_price: 0,
  total: 2_400_000,
});
const unsigned = makeCredit(3, {
  status: 'not_signed',
  status_name: 'Imzolanmagan',
  signed_at: null,
});

describe('the additional limit page', () => {
  beforeEach(() => signInForTest());
  afterEach(() => {
    signOutForTest();
    vi.unstubAllGlobals();
  });

  it('lists only the installment orders awaiting their contract', async () => {
    stubApi({
      '/api/credits': pageOf([creditSummaryOf(unsigned), creditSummaryOf(makeCredit(4))]),
      '/api/orders/5': { data: pendingOrder },
    });
    renderPage();
    const order = await screen.findByRole('article', { name: 'Buyurtma №5' });
    expect(within(order).getByText("2 400 000 so'm")).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('leaves out an order whose contract was signed since the credits were listed', async () => {
    stubApi({
      '/api/credits': pageOf([creditSummaryOf(unsigned)]),
      '/api/orders/5': { data: { ...pendingOrder, credit_status: 'active' } },
    });
    renderPage();
    const list = await screen.findByTestId('pending-orders');
    await waitFor(() => expect(within(list).getByRole('listitem')).toBeEmptyDOMElement());
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('raises the prepayment and then offers the contract', async () => {
    const fetchMock = stubApi({
      '/api/credits': pageOf([creditSummaryOf(unsigned)]),
      '/api/orders/5': { data: pendingOrder },
      'POST /api/orders/prepayment/5': {
        message: "Boshlang'ich to'lov o'zgartirildi",
        data: { order_id: 5, credit_id: 3, need_payed_price: 600_000 },
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: "Boshlang'ich to'lovni oshirish" }));
    const dialog = screen.getByRole('dialog', { name: "Boshlang'ich to'lovni o'zgartirish" });
    const input = within(dialog).getByLabelText("Boshlang'ich to'lov summasi");
    await user.type(input, '2400000');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      "Summa to'lanadigan summadan oshmasligi kerak",
    );
    expect(within(dialog).getByRole('button', { name: 'Saqlash' })).toBeDisabled();
    await user.clear(input);
    await user.type(input, '600000');
    expect(input).toHaveValue('600 000');
    await user.click(within(dialog).getByRole('button', { name: 'Saqlash' }));

    expect(await screen.findByText("Boshlang'ich to'lov endi 600 000 so'm")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Shartnomaga o'tish" })).toHaveAttribute(
      'href',
      '/contract/show?credit=3',
    );
    const post = fetchMock.mock.calls.find(([url]) => String(url) === '/api/orders/prepayment/5');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ prepayment: 600_000 });
  });

  it('says when no order awaits its contract', async () => {
    stubApi({ '/api/credits': pageOf([creditSummaryOf(makeCredit(4))]) });
    renderPage();
    expect(
      await screen.findByRole('heading', { name: "Imzolanishini kutayotgan buyurtmalar yo'q" }),
    ).toBeInTheDocument();
  });
});
