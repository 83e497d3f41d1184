import type {
  CreditDetail,
  CreditStatus,
  InstallmentState,
  Lang,
  Payment,
  ScheduleRow,
} from '@bozor/shared';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { pick } from '../../lib/lang.ts';
import { CardDecline, type DeclineCode } from '../../providers/payments/index.ts';
import { toCard } from '../cards/service.ts';
import { contractNumber, tashkentDate } from './document.ts';
import * as repo from './repository.ts';

const STATUS_NAMES: Record<CreditStatus, Record<Lang, string>> = {
  not_signed: { uz: 'Imzolanmagan', ru: 'Не подписана' },
  active: { uz: 'Faol', ru: 'Активна' },
  overdue: { uz: "Muddati o'tgan", ru: 'Просрочена' },
  closed: { uz: 'Yopilgan', ru: 'Закрыта' },
  cancelled: { uz: 'Bekor qilingan', ru: 'Отменена' },
};

const DECLINE_CODES: Record<DeclineCode, true> = {
  INSUFFICIENT_FUNDS: true,
  CARD_BLOCKED: true,
  CARD_INVALID: true,
  CARD_EXPIRED: true,
  LIMIT_EXCEEDED: true,
  WRONG_CODE: true,
  CODE_EXPIRED: true,
  ISSUER_DECLINED: true,
  GATEWAY_UNAVAILABLE: true,
};

function isDeclineCode(code: string): code is DeclineCode {
  return Object.hasOwn(DECLINE_CODES, code);
}

type InstallmentRow = Awaited<ReturnType<typeof repo.listInstallments>>[number];

function stateOf(row: InstallmentRow, today: string): InstallmentState {
  if (row.paid >= row.amount + row.penalty) return 'paid';
  if (row.overdueAt) return 'overdue';
  if (row.dueDate <= today) return 'due';
  return row.paid > 0 ? 'partly_paid' : 'upcoming';
}

/**
 * A credit of this customer as `GET /credits/:id` shows it: terms, schedule with each row's state,
 * payments, goods and card. Another customer's credit is not found.
 */
export async function creditDetailOf(
  db: Executor,
  customerId: number,
  creditId: number,
  lang: Lang,
): Promise<CreditDetail> {
  const credit = await repo.findCredit(db, customerId, creditId);
  if (!credit?.orderId) throw new AppError('CREDIT_NOT_FOUND', 404);
  const [installments, items, payments, card] = await Promise.all([
    repo.listInstallments(db, credit.id),
    repo.listOrderItems(db, credit.orderId),
    repo.listPayments(db, credit.orderId),
    credit.cardId ? repo.findCardById(db, credit.cardId) : undefined,
  ]);
  const today = tashkentDate(new Date());
  const schedule: ScheduleRow[] = installments.map((row) => ({
    number: row.number,
    due_date: row.dueDate,
    amount: row.amount,
    penalty: row.penalty,
    paid: row.paid,
    state: stateOf(row, today),
    paid_at: row.paidAt?.toISOString() ?? null,
  }));
  const owed = (row: InstallmentRow) => row.amount + row.penalty - row.paid;
  const unsettled = installments.filter((row) => owed(row) > 0);
  const total = installments.reduce((sum, row) => sum + row.amount + row.penalty, 0);
  const paid = installments.reduce((sum, row) => sum + row.paid, 0);
  const next = unsettled[0];
  return {
    id: credit.id,
    code: contractNumber(Number(tashkentDate(credit.createdAt).slice(0, 4)), credit.id),
    order_id: credit.orderId,
    status: credit.status,
    status_name: STATUS_NAMES[credit.status][lang],
    months: credit.months,
    monthly_payment: credit.monthlyPayment,
    total,
    paid,
    debt_summa: total - paid,
    need_payed_price: unsettled
      .filter((row) => row.dueDate <= today || row.overdueAt !== null)
      .reduce((sum, row) => sum + owed(row), 0),
    next_due_date: next?.dueDate ?? null,
    next_payment: next ? owed(next) : 0,
    created_at: credit.createdAt.toISOString(),
    financed: credit.financed,
    markup_percent: credit.markupPercent,
    card: card && !card.deletedAt ? toCard(card) : null,
    signed_at: credit.signedAt?.toISOString() ?? null,
    schedule,
    payments: payments.map(
      ({ payment, cardMasked }): Payment => ({
        id: payment.id,
        purpose: payment.purpose,
        state: payment.state,
        amount: payment.amount,
        card_number: cardMasked,
        decline:
          payment.state === 'failed' && payment.declineCode && isDeclineCode(payment.declineCode)
            ? new CardDecline(payment.declineCode).customerMessage(lang)
            : null,
        created_at: payment.createdAt.toISOString(),
      }),
    ),
    items: items.map((item) => ({
      product_id: item.productId,
      slug: item.slug,
      name: pick(item, 'name', lang),
      image: item.image,
      price: item.price,
      count: item.count,
    })),
  };
}
