import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  cards,
  contacts,
  contracts,
  creditInstallments,
  credits,
  customers,
  orders,
  payments,
  scoringProfiles,
} from '../../db/schema/index.ts';
import { sqlStateOf } from '../../db/transaction.ts';
import { ORDER_MOVES } from '../orders/index.ts';

export type CreditRow = typeof credits.$inferSelect;
export type ContractRow = typeof contracts.$inferSelect;

/** A credit of this customer; another customer's is not found. */
export async function findCredit(db: Executor, customerId: number, creditId: number) {
  const [row] = await db
    .select()
    .from(credits)
    .where(and(eq(credits.id, creditId), eq(credits.customerId, customerId)));
  return row;
}

/** Whose credit it is, for staff who read any customer's. */
export async function findCreditOwner(db: Executor, creditId: number) {
  const [row] = await db
    .select({ customerId: credits.customerId })
    .from(credits)
    .where(eq(credits.id, creditId));
  return row?.customerId;
}

export async function findContract(db: Executor, creditId: number) {
  const [row] = await db.select().from(contracts).where(eq(contracts.creditId, creditId));
  return row;
}

/** The contract row locked until the transaction ends: nothing redraws it while it is signed. */
export async function lockContract(db: Executor, creditId: number) {
  const [row] = await db
    .select()
    .from(contracts)
    .where(eq(contracts.creditId, creditId))
    .for('update');
  return row;
}

export async function findOrder(db: Executor, orderId: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

export function listInstallments(db: Executor, creditId: number) {
  return db
    .select()
    .from(creditInstallments)
    .where(eq(creditInstallments.creditId, creditId))
    .orderBy(asc(creditInstallments.number));
}

export async function findCustomer(db: Executor, customerId: number) {
  const [row] = await db
    .select({ phone: customers.phone, lang: customers.lang })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row;
}

/** The name, passport and PINFL as scoring kept them for reading back: the documents masked. */
export async function findIdentity(db: Executor, customerId: number) {
  const [row] = await db
    .select({
      surname: scoringProfiles.surname,
      givenName: scoringProfiles.givenName,
      patronymic: scoringProfiles.patronymic,
      passport: scoringProfiles.passportMasked,
      pinfl: scoringProfiles.pinflMasked,
      birthDate: scoringProfiles.birthDate,
    })
    .from(scoringProfiles)
    .where(eq(scoringProfiles.customerId, customerId));
  return row;
}

/** The shop's phone and Telegram, as the footer shows them. */
export function listSellerContacts(db: Executor) {
  return db
    .select({ key: contacts.key, value: contacts.value })
    .from(contacts)
    .where(inArray(contacts.key, ['phone', 'telegram']));
}

/** The order's payments, newest first, with the card they were made with unless it is deleted. */
export function listPayments(db: Executor, orderId: number) {
  return db
    .select({ payment: payments, cardMasked: cards.masked })
    .from(payments)
    .leftJoin(cards, and(eq(cards.id, payments.cardId), isNull(cards.deletedAt)))
    .where(eq(payments.orderId, orderId))
    .orderBy(sql`${payments.id} desc`);
}

/**
 * Writes the contract as drawn now, unless it has been signed meanwhile: a signed text is never
 * replaced. Returns nothing when it was signed.
 */
export async function upsertUnsigned(
  db: Executor,
  values: { creditId: number; number: string; bodyUz: string; bodyRu: string },
) {
  const upsert = async () => {
    const [row] = await db
      .insert(contracts)
      .values(values)
      .onConflictDoUpdate({
        target: contracts.creditId,
        set: { number: values.number, bodyUz: values.bodyUz, bodyRu: values.bodyRu },
        setWhere: isNull(contracts.signedAt),
      })
      .returning();
    return row;
  };
  try {
    return await upsert();
  } catch (error) {
    // Two first reads of a contract at once: PostgreSQL settles the race on the credit (the
    // conflict named above) but not on the number, also unique and the same for both, so the
    // second insert fails on it. The first row is then written: once more updates it.
    if (sqlStateOf(error) !== '23505') throw error;
    return await upsert();
  }
}

/**
 * Stores a new signing code, with its tries back at zero, unless one was sent less than
 * `resendSeconds` ago: two requests at once send one code.
 */
export async function storeCode(
  db: Executor,
  creditId: number,
  values: { codeHash: string; codeSentAt: Date; codeExpiresAt: Date },
  resendSeconds: number,
) {
  const [row] = await db
    .update(contracts)
    .set({ ...values, codeAttempts: 0, codeSends: sql`${contracts.codeSends} + 1` })
    .where(
      and(
        eq(contracts.creditId, creditId),
        isNull(contracts.signedAt),
        or(
          isNull(contracts.codeSentAt),
          lte(contracts.codeSentAt, new Date(values.codeSentAt.getTime() - resendSeconds * 1000)),
        ),
      ),
    )
    .returning({ id: contracts.id });
  return row;
}

/** Forgets a code that could not be sent, so another may be asked for at once. */
export async function dropCode(db: Executor, creditId: number) {
  await db
    .update(contracts)
    .set({ codeHash: null, codeSentAt: null, codeExpiresAt: null })
    .where(and(eq(contracts.creditId, creditId), isNull(contracts.signedAt)));
}

/**
 * Counts a try at the signing code in one statement, before it is compared: parallel guesses
 * cannot outnumber the tries.
 */
export async function claimCodeAttempt(db: Executor, creditId: number, maxAttempts: number) {
  const [row] = await db
    .update(contracts)
    .set({ codeAttempts: sql`${contracts.codeAttempts} + 1` })
    .where(
      and(
        eq(contracts.creditId, creditId),
        isNull(contracts.signedAt),
        isNotNull(contracts.codeHash),
        lt(contracts.codeAttempts, maxAttempts),
        gt(contracts.codeExpiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/** Seals the contract as it reads now; nothing when it was signed meanwhile. */
export async function markSigned(db: Executor, contractId: number, hash: string, at: Date) {
  const [row] = await db
    .update(contracts)
    .set({ hash, signedAt: at, codeHash: null })
    .where(and(eq(contracts.id, contractId), isNull(contracts.signedAt)))
    .returning();
  return row;
}

export async function activateCredit(db: Executor, creditId: number, at: Date) {
  await db
    .update(credits)
    .set({ status: 'active', signedAt: at })
    .where(and(eq(credits.id, creditId), eq(credits.status, 'not_signed')));
}

/** An order with nothing to pay up front is confirmed by the signature alone. */
export async function confirmUnpaidOrder(db: Executor, orderId: number, at: Date) {
  await db
    .update(orders)
    .set({ status: ORDER_MOVES.pay.to, paidAt: at, updatedAt: at })
    .where(
      and(
        eq(orders.id, orderId),
        inArray(orders.status, ORDER_MOVES.pay.from),
        eq(orders.prepayment, 0),
      ),
    );
}
