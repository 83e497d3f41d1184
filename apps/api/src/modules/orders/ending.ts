import { formatMoney, type Lang, type OrderDetail, type OrderStatusId } from '@bozor/shared';
import type { Transaction } from '../../db/client.ts';
import type { CreditStatus } from '../../db/schema/index.ts';
import { orderEvents } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, type ErrorCode, notFound } from '../../lib/errors.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import { releaseStock } from '../catalogue/index.ts';
import { lockOrderAndCredit } from '../money/index.ts';
import { deliverNotice, type Notice, sendNotice } from '../notifications/index.ts';
import {
  finishRefund,
  isHeld,
  lockOrderPayments,
  markRefunding,
  type PaymentDeps,
  type PaymentRow,
  recheckPayment,
} from '../payments/index.ts';
import type { OrderDeps } from './deps.ts';
import { ORDER_MOVES } from './lifecycle.ts';
import { orderDetail } from './reads.ts';
import * as repo from './repository.ts';
import { orderStatusOf } from './statuses.ts';

interface Ending {
  from: readonly OrderStatusId[];
  refusal: ErrorCode;
  to: OrderStatusId;
  credit: CreditStatus;
  notice: (orderId: number, refunds: Refunds) => Notice;
}

/** The money an ending gives back, by the way it goes back. */
interface Refunds {
  /** Refunded to the card through the gateway. */
  card: number;
  /** Handed back at a branch, against its paper receipts. */
  cash: number;
  cashReceipts: number;
}

function refundsOf(paid: readonly PaymentRow[]): Refunds {
  const cash = paid.filter((p) => p.method === 'cash');
  const sum = (rows: readonly PaymentRow[]) => rows.reduce((s, p) => s + p.amount, 0);
  return {
    card: sum(paid.filter((p) => p.method !== 'cash')),
    cash: sum(cash),
    cashReceipts: cash.length,
  };
}

function refundNote({ card, cash, cashReceipts }: Refunds): Record<Lang, string> {
  const several = cashReceipts > 1;
  return {
    uz:
      (card > 0 ? ` ${formatMoney(card, 'uz')} kartangizga qaytariladi.` : '') +
      (cash > 0
        ? ` ${formatMoney(cash, 'uz')} Bozor filialida naqd pulda qaytariladi: pasportingiz va ${several ? 'kvitansiyalarni' : 'kvitansiyani'} olib keling.`
        : ''),
    ru:
      (card > 0 ? ` ${formatMoney(card, 'ru')} вернутся на карту.` : '') +
      (cash > 0
        ? ` ${formatMoney(cash, 'ru')} вернём наличными в филиале Bozor: возьмите паспорт и ${several ? 'квитанции' : 'квитанцию'}.`
        : ''),
  };
}

const ENDINGS = {
  cancel: {
    ...ORDER_MOVES.cancel,
    refusal: 'ORDER_NOT_CANCELLABLE',
    credit: 'cancelled',
    notice: (orderId, refunds) => ({
      kind: 'order_cancelled',
      text: {
        uz: `№${orderId} buyurtma bekor qilindi.${refundNote(refunds).uz}`,
        ru: `Заказ №${orderId} отменён.${refundNote(refunds).ru}`,
      },
      link: { type: 'order', id: orderId },
    }),
  },
  return: {
    ...ORDER_MOVES.return,
    refusal: 'ORDER_NOT_RETURNABLE',
    credit: 'closed',
    notice: (orderId, refunds) => ({
      kind: 'order_returned',
      text: {
        uz: `№${orderId} buyurtma qaytarildi.${refundNote(refunds).uz}`,
        ru: `Заказ №${orderId} возвращён.${refundNote(refunds).ru}`,
      },
      link: { type: 'order', id: orderId },
    }),
  },
} satisfies Record<string, Ending>;

export type EndingKind = keyof typeof ENDINGS;

/** Staff ending an order from the back office. */
export interface StaffEnding {
  actor: Actor;
  /** Told to the customer and kept in the order's history; null when there is nothing to tell. */
  reason: string | null;
  /**
   * More of the same decision, under the order's locks and before its status is checked (a
   * return request marked accepted): what it throws ends nothing.
   */
  within?: (tx: Transaction) => Promise<void>;
}

/** The shop's reason, told to the customer when staff end an order. */
function withReason(notice: Notice, reason: string): Notice {
  return {
    ...notice,
    text: {
      uz: `${notice.text.uz} Sabab: ${reason}`,
      ru: `${notice.text.ru} Причина: ${reason}`,
    },
  };
}

/**
 * Cancels (before shipping) or returns (after delivery) an order, as the refund workflow of
 * DESIGN §6a runs: payments whose answer is outstanding are asked about first; then one
 * transaction locks the order, its credit and its payments (in that order), checks the status,
 * ends the order and its credit, gives the stock back and marks every paid payment 'refunding'
 * with its refund key; only then does the gateway refund each, and each refund is settled
 * 'refunded' with its ledger entry. A refund the gateway does not finish now stays 'refunding'
 * and the payments job finishes it: nothing is refunded before it is recorded as owed.
 */
export async function endOrder(
  deps: OrderDeps & Pick<PaymentDeps, 'now'>,
  customerId: number,
  orderId: number,
  kind: EndingKind,
  lang: Lang,
  /** Staff ending it from the back office: recorded in its history and the audit log. */
  staff?: StaffEnding,
): Promise<OrderDetail> {
  const ending: Ending = ENDINGS[kind];
  const row = await repo.findOrder(deps.db, customerId, orderId);
  if (!row) throw notFound('ORDER_NOT_FOUND');
  for (const payment of await repo.orderPaymentsIn(deps.db, orderId, [
    'checking',
    'needs_attention',
  ])) {
    await recheckPayment(deps, payment);
  }

  const ended = await inTransaction(deps.db, async (tx) => {
    const locked = await lockOrderAndCredit(tx, { orderId, customerId });
    if (!locked) throw notFound('ORDER_NOT_FOUND');
    await staff?.within?.(tx);
    if (!ending.from.includes(orderStatusOf(locked.order.status))) {
      throw new AppError(ending.refusal, 409);
    }
    const locks = await lockOrderPayments(tx, orderId, ['checking', 'paid', 'needs_attention']);
    // its outcome is not known yet: the customer tries again in a moment
    if (locks.some((p) => p.state === 'checking')) throw new AppError('PAYMENT_IN_PROGRESS', 409);
    // money that may be with the shop waits for a person: it is refunded with the rest once known
    if (locks.some(isHeld)) throw new AppError('PAYMENT_NEEDS_ATTENTION', 409);
    const open = locks.filter((p) => p.state === 'paid');
    await markRefunding(tx, open);
    await releaseStock(tx, await repo.orderStockItems(tx, orderId));
    const now = (deps.now ?? (() => new Date()))();
    if (locked.credit) {
      await repo.setCreditStatus(
        tx,
        locked.credit.id,
        ending.credit,
        ending.credit === 'closed' ? now : undefined,
      );
    }
    await repo.updateOrder(tx, orderId, {
      status: ending.to,
      ...(kind === 'cancel' ? { cancelledAt: now } : { returnedAt: now }),
    });
    const told = ending.notice(orderId, refundsOf(open));
    const notice = staff?.reason ? withReason(told, staff.reason) : told;
    if (staff) {
      const step = kind === 'cancel' ? 'cancelled' : 'returned';
      await tx.insert(orderEvents).values({
        orderId,
        step,
        note: staff.reason,
        staffId: staff.actor.staffId,
        at: now,
      });
      await recordAudit(tx, staff.actor, {
        action: `order.${kind}`,
        objectType: 'order',
        objectId: orderId,
        before: { status: locked.order.status },
        after: { status: ending.to, reason: staff.reason, refunding: open.map((p) => p.id) },
      });
    }
    await deliverNotice(tx, customerId, notice);
    return { notice, refunding: open.map((p) => p.id) };
  });
  await sendNotice(deps, customerId, ended.notice);
  for (const id of ended.refunding) {
    try {
      await finishRefund(deps, id);
    } catch (err) {
      deps.log.error({ err, paymentId: id }, 'a refund could not be finished now; the job will');
    }
  }
  return orderDetail(deps.db, customerId, orderId, lang);
}
