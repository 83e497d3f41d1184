import type { Lang } from '@bozor/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { customers, notifications } from '../../db/schema/index.ts';
import type { SmsProvider } from '../../providers/sms/index.ts';

/** Something the shop tells a customer about an order, a payment or a credit, in both languages. */
export interface Notice {
  /** `payment_paid`, `autopay_failed`, `installment_overdue`… */
  kind: string;
  text: Record<Lang, string>;
}

/**
 * Records a notice for `/profile/notifications`. Call it inside the transaction that made the
 * change, so a notice exists exactly when its change does.
 */
export async function recordNotice(db: Executor, customerId: number, notice: Notice) {
  await db.insert(notifications).values({
    customerId,
    kind: notice.kind,
    textUz: notice.text.uz,
    textRu: notice.text.ru,
  });
}

/**
 * Sends a notice by SMS in the customer's language. Call it after the change is committed; a
 * failed message is logged and does not undo what it tells of.
 */
export async function smsNotice(
  deps: { db: Executor; sms: SmsProvider; log: FastifyBaseLogger },
  customerId: number,
  notice: Notice,
): Promise<void> {
  const [customer] = await deps.db
    .select({ phone: customers.phone, lang: customers.lang })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) return;
  const lang: Lang = customer.lang === 'ru' ? 'ru' : 'uz';
  try {
    await deps.sms.send({ phone: customer.phone, text: `Bozor: ${notice.text[lang]}` });
  } catch (err) {
    deps.log.warn({ err, customerId, kind: notice.kind }, 'notice SMS not sent');
  }
}
