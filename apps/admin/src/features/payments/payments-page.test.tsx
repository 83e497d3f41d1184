import '@testing-library/jest-dom/vitest';
import {
  AttentionPayment,
  ErrorBody,
  Mismatch,
  OpenMismatch,
  ResolvedPayment,
  type StaffRole,
} from '@bozor/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../../test/api.ts';
import { closeDialogWith, modalDialogs, renderAsStaff, screenOf } from '../../test/support.tsx';
import { PaymentsPage } from './payments-page.tsx';

beforeAll(modalDialogs);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const stuck = AttentionPayment.parse({
  id: 41,
  customer_id: 7,
  customer_phone: '998901234567',
  order_id: 300,
  credit_id: null,
  purpose: 'full',
  amount: 4_590_000,
  receipt_id: 'rc-41',
  attention_kind: 'check_stuck',
  reason: 'receipt rc-41 held in processing',
  actions: ['record_paid', 'record_refund', 'mark_handled'],
  created_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  updated_at: new Date().toISOString(),
});

const mismatch = OpenMismatch.parse({
  id: 9,
  day: '2026-11-20',
  kind: 'amount_differs',
  receipt_id: 'rc-77',
  payment_id: 12,
  gateway_amount: 1_250_000,
  shop_amount: 1_200_000,
  detail: 'receipt rc-77 is for 1250000, payment 12 for 1200000',
  resolved_at: null,
  resolution_note: null,
});

const refused = (status: number, message: string, errors?: Record<string, string[]>) => ({
  status,
  body: ErrorBody.parse({ message, code: status === 409 ? 'ATTENTION_RESOLVED' : 'X', errors }),
});

function renderPage(role: StaffRole) {
  renderAsStaff(<PaymentsPage />, { role, path: '/payments', name: role });
}

const attentionList = (...rows: AttentionPayment[]) => ok({ data: rows });
const openList = (...rows: OpenMismatch[]) => ok({ data: rows });

/** Opens the dialog of the button `open`, writes `note` and confirms with `submit`: the dialog. */
async function writeNote(user: UserEvent, open: string, note: string, submit: string) {
  await user.click(await screen.findByRole('button', { name: open }));
  const dialog = screen.getByRole('dialog');
  await user.type(within(dialog).getByLabelText(/Заметка/), note);
  await user.click(within(dialog).getByRole('button', { name: submit }));
  return dialog;
}

describe('the payments page', () => {
  it('asks for a note before it records a payment paid, then shows the answer and reads the list again', async () => {
    const api = stubApi({
      'GET /payments/attention': [attentionList(stuck), attentionList()],
      'GET /reconciliation/open': [openList()],
      'POST /payments/41/resolve': [
        ok({
          message: 'Решение по платежу сохранено',
          data: ResolvedPayment.parse({ id: 41, state: 'paid', attention_kind: null }),
        }),
      ],
    });
    const user = userEvent.setup();
    renderPage('owner');

    // the file's first render loads the page and its texts: more than findBy's second
    await user.click(
      await screen.findByRole('button', { name: 'Зачесть оплату: платёж #41' }, { timeout: 5_000 }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Зачесть оплату · платёж #41' });
    expect(dialog).toHaveTextContent('как если бы шлюз ответил сам');
    await user.type(within(dialog).getByLabelText(/Заметка/), '  a ');
    await user.click(within(dialog).getByRole('button', { name: 'Подтвердить' }));
    expect(
      await within(dialog).findByText('Напишите заметку — не короче 3 символов'),
    ).toBeVisible();
    expect(api.count('POST /payments/41/resolve')).toBe(0);

    await user.clear(within(dialog).getByLabelText(/Заметка/));
    await user.type(within(dialog).getByLabelText(/Заметка/), ' Paid in the Payme cabinet ');
    await user.click(within(dialog).getByRole('button', { name: 'Подтвердить' }));

    expect(await screen.findByText('Решение по платежу сохранено')).toBeVisible();
    expect(api.calls.find((c) => c.route === 'POST /payments/41/resolve')?.body).toEqual({
      action: 'record_paid',
      note: 'Paid in the Payme cabinet',
    });
    expect(api.count('GET /payments/attention')).toBe(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Все платежи урегулированы')).toBeVisible();
  });

  it('keeps a refusal (409) in the dialog with the API words and reads the list again', async () => {
    const api = stubApi({
      'GET /payments/attention': [attentionList(stuck)],
      'GET /reconciliation/open': [openList()],
      'POST /payments/41/resolve': [
        refused(409, 'Этот платёж уже не ждёт сотрудника: обновите страницу'),
      ],
    });
    const user = userEvent.setup();
    renderPage('owner');

    const dialog = await writeNote(
      user,
      'Закрыть с заметкой: платёж #41',
      'Refunded by the bank',
      'Подтвердить',
    );

    expect(
      await within(dialog).findByText('Этот платёж уже не ждёт сотрудника: обновите страницу'),
    ).toBeVisible();
    await waitFor(() => expect(api.count('GET /payments/attention')).toBe(2));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("shows the API's error for the note under the note", async () => {
    stubApi({
      'GET /payments/attention': [attentionList(stuck)],
      'GET /reconciliation/open': [openList()],
      'POST /payments/41/resolve': [
        refused(400, 'Проверьте поля', { note: ['Слишком короткая заметка'] }),
      ],
    });
    const user = userEvent.setup();
    renderPage('owner');

    const dialog = await writeNote(user, 'Отметить возврат: платёж #41', 'abc', 'Подтвердить');

    const note = within(dialog).getByLabelText(/Заметка/);
    expect(await within(dialog).findByText('Слишком короткая заметка')).toBeVisible();
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(note).toHaveAccessibleDescription('Слишком короткая заметка');
  });

  it('returns focus to the button that opened the dialog when it is cancelled', async () => {
    stubApi({
      'GET /payments/attention': [attentionList(stuck)],
      'GET /reconciliation/open': [openList()],
    });
    const user = userEvent.setup();
    renderPage('owner');

    const button = await screen.findByRole('button', { name: 'Зачесть оплату: платёж #41' });
    await user.click(button);
    await closeDialogWith(
      user,
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Отмена' }),
    );
    expect(button).toHaveFocus();
  });

  it('shows a viewer (money.read only) what waits, with no actions', async () => {
    stubApi({
      'GET /payments/attention': [attentionList(stuck)],
      'GET /reconciliation/open': [openList(mismatch)],
    });
    renderPage('viewer');

    expect(await screen.findByText('Шлюз долго не отвечает, прошёл ли платёж')).toBeVisible();
    expect(await screen.findByText('Разные суммы')).toBeVisible();
    expect(screen.queryByRole('button', { name: /платёж #41/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /расхождение #9/ })).not.toBeInTheDocument();
  });

  it('lists the cases as tables on a wide screen, the actions only for money.write', async () => {
    screenOf(1200);
    stubApi({
      'GET /payments/attention': [attentionList(stuck)],
      'GET /reconciliation/open': [openList(mismatch)],
    });
    renderPage('credit_officer');
    const payments = await screen.findByRole('table', { name: 'Платежи, которые требуют решения' });
    expect(
      within(payments).getByRole('button', { name: 'Зачесть оплату: платёж #41' }),
    ).toBeVisible();
    const open = await screen.findByRole('table', { name: 'Открытые расхождения сверки' });
    expect(within(open).getByRole('button', { name: 'Закрыть расхождение #9' })).toBeVisible();
    cleanup();

    renderPage('viewer');
    expect(
      within(
        await screen.findByRole('table', { name: 'Платежи, которые требуют решения' }),
      ).queryAllByRole('button'),
    ).toHaveLength(0);
    expect(
      within(
        await screen.findByRole('table', { name: 'Открытые расхождения сверки' }),
      ).queryAllByRole('button'),
    ).toHaveLength(0);
  });

  it('closes an open mismatch with a note, then shows the answer and reads the list again', async () => {
    const closed = Mismatch.parse({
      ...mismatch,
      resolved_at: new Date().toISOString(),
      resolution_note: 'Fixed by hand',
    });
    const api = stubApi({
      'GET /payments/attention': [attentionList()],
      'GET /reconciliation/open': [openList(mismatch), openList()],
      'POST /reconciliation/mismatches/9/resolve': [
        ok({ message: 'Расхождение закрыто', data: closed }),
      ],
    });
    const user = userEvent.setup();
    renderPage('owner');

    await user.click(await screen.findByRole('button', { name: 'Закрыть расхождение #9' }));
    const dialog = screen.getByRole('dialog', { name: 'Закрыть расхождение #9' });
    expect(dialog).toHaveTextContent('Разные суммы');
    await user.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
    expect(
      await within(dialog).findByText('Напишите заметку — не короче 3 символов'),
    ).toBeVisible();
    expect(api.count('POST /reconciliation/mismatches/9/resolve')).toBe(0);

    await user.type(within(dialog).getByLabelText(/Заметка/), 'Fixed by hand');
    await user.click(within(dialog).getByRole('button', { name: 'Закрыть' }));

    expect(await screen.findByText('Расхождение закрыто')).toBeVisible();
    expect(api.calls.find((c) => c.route.startsWith('POST'))?.body).toEqual({
      note: 'Fixed by hand',
    });
    expect(api.count('GET /reconciliation/open')).toBe(2);
    expect(screen.getByText('Открытых расхождений нет')).toBeVisible();
  });

  it('keeps the refusal of a mismatch closed meanwhile (409) in the dialog and reads the list again', async () => {
    const api = stubApi({
      'GET /payments/attention': [attentionList()],
      'GET /reconciliation/open': [openList(mismatch), openList()],
      'POST /reconciliation/mismatches/9/resolve': [refused(409, 'Уже закрыто')],
    });
    const user = userEvent.setup();
    renderPage('owner');

    const dialog = await writeNote(user, 'Закрыть расхождение #9', 'Fixed by hand', 'Закрыть');

    expect(await within(dialog).findByText('Уже закрыто')).toBeVisible();
    await waitFor(() => expect(api.count('GET /reconciliation/open')).toBe(2));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
