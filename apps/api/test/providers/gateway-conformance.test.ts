import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.ts';
import {
  CardDecline,
  type CardGateway,
  ClickCardGateway,
  PaymeCardGateway,
  SandboxCardGateway,
} from '../../src/providers/payments/index.ts';
import { TELLS_DECLINE_REASON } from '../../src/providers/payments/types.ts';
import { LogSmsProvider } from '../../src/providers/sms/index.ts';
import {
  CLICK_CODE,
  CLICK_MERCHANT_USER_ID,
  CLICK_SECRET_KEY,
  CLICK_SERVICE_ID,
  type ClickDouble,
  startClickDouble,
} from '../helpers/click-double.ts';
import { openTestDatabase } from '../helpers/database.ts';
import {
  PAYME_CODE,
  PAYME_KEY,
  PAYME_MERCHANT,
  type PaymeDouble,
  startPaymeDouble,
} from '../helpers/payme-double.ts';

const APPROVED = '8600111111111110';
const NO_FUNDS = '8600333333333336';
const LOST_ANSWER = '8600666666666669';
const ERROR_AFTER_DEBIT = '8600777777777772';
const PROCESSING = '8600888888888885';
const REFUND_REFUSED = '8600999999999998';

/** How long both subjects process the slow cards' receipts, on the clock the tests move. */
const PROCESSING_MS = 10_000;
/**
 * Both subjects read time from this clock, which a test moves past the processing time instead
 * of sleeping: a busy machine cannot let the time pass between two calls by accident.
 */
let clockOffsetMs = 0;
const clock = () => Date.now() + clockOffsetMs;
const afterProcessing = async () => {
  clockOffsetMs += PROCESSING_MS + 1_000;
};

interface Subject {
  gateway: CardGateway;
  /** A card bound and confirmed as the shop binds it; answers its token. */
  bind(number: string): Promise<string>;
}

/**
 * One suite for every card gateway Bozor speaks to: the sandbox may not be more forgiving than
 * the real gateways (DESIGN §6a), so all must pass the same rules of receipts. Where a gateway
 * cannot tell something, the rule reads its capability (`TELLS_DECLINE_REASON`) rather than being
 * loosened for all.
 */
const subjects: { name: string; start(): Promise<Subject>; stop(): Promise<void> }[] = (() => {
  let database: DatabaseHandle | undefined;
  let double: PaymeDouble | undefined;
  let clickDatabase: DatabaseHandle | undefined;
  let click: ClickDouble | undefined;
  return [
    {
      name: 'sandbox',
      async start() {
        database = await openTestDatabase();
        const sms = new LogSmsProvider();
        const gateway = new SandboxCardGateway(sms, {
          db: database.db,
          processingMs: PROCESSING_MS,
          now: () => new Date(clock()),
        });
        return {
          gateway,
          bind: async (number) =>
            (
              await gateway.createCard({
                number,
                expire: '03/39',
                holderPhone: '998901234567',
                lang: 'uz',
              })
            ).token,
        };
      },
      stop: async () => database?.close(),
    },
    {
      name: 'payme on its double',
      async start() {
        double = await startPaymeDouble();
        double.control.processingMs = PROCESSING_MS;
        double.control.now = clock;
        const gateway = new PaymeCardGateway({
          baseUrl: double.url,
          merchantId: PAYME_MERCHANT,
          key: PAYME_KEY,
          timeoutMs: 1_000,
        });
        return {
          gateway,
          async bind(number) {
            const card = await gateway.createCard({
              number,
              expire: '03/39',
              holderPhone: '998901234567',
              lang: 'uz',
            });
            await gateway.sendVerifyCode(card.token, 'uz');
            await gateway.verifyCard(card.token, PAYME_CODE);
            return card.token;
          },
        };
      },
      stop: async () => double?.close(),
    },
    {
      name: 'click on its double',
      async start() {
        click = await startClickDouble();
        click.control.processingMs = PROCESSING_MS;
        click.control.now = clock;
        clickDatabase = await openTestDatabase();
        const gateway = new ClickCardGateway({
          baseUrl: click.url,
          serviceId: CLICK_SERVICE_ID,
          merchantUserId: CLICK_MERCHANT_USER_ID,
          secretKey: CLICK_SECRET_KEY,
          db: clickDatabase.db,
          timeoutMs: 1_000,
          now: () => new Date(clock()),
        });
        return {
          gateway,
          async bind(number) {
            const card = await gateway.createCard({
              number,
              expire: '03/39',
              holderPhone: '998901234567',
              lang: 'uz',
            });
            await gateway.sendVerifyCode(card.token, 'uz');
            await gateway.verifyCard(card.token, CLICK_CODE);
            return card.token;
          },
        };
      },
      stop: async () => {
        await click?.close();
        await clickDatabase?.close();
      },
    },
  ];
})();

async function refusalOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CardDecline);
  return (error as CardDecline).code;
}

describe.each(subjects)('card gateway: $name', (subject) => {
  let s: Subject;
  let receiptNumber = 0;
  const create = (amount = 150_000, reference = `payment-${++receiptNumber}`) =>
    s.gateway.createReceipt({ amount, reference, description: 'Bozor order 1' });

  beforeAll(async () => {
    s = await subject.start();
  });
  afterAll(() => subject.stop());

  it('creates a new receipt on every call, even for the same reference, and takes nothing yet', async () => {
    const first = await create(150_000, 'same-reference');
    const second = await create(150_000, 'same-reference');
    expect(first.receiptId).not.toBe(second.receiptId);
    expect(await s.gateway.checkReceipt(first.receiptId)).toBe('created');
    expect(await s.gateway.checkReceipt(second.receiptId)).toBe('created');
  });

  it('pays a receipt once: a second pay of it is refused and nothing moves twice', async () => {
    const token = await s.bind(APPROVED);
    const { receiptId } = await create();
    expect(await s.gateway.payReceipt({ receiptId, token })).toBe('paid');
    expect(await refusalOf(s.gateway.payReceipt({ receiptId, token }))).toBe('RECEIPT_REFUSED');
    expect(await s.gateway.checkReceipt(receiptId)).toBe('paid');
  });

  it('declines a card without money and leaves the receipt unpaid', async () => {
    const token = await s.bind(NO_FUNDS);
    const { receiptId } = await create();
    const tellsWhy = TELLS_DECLINE_REASON[s.gateway.name as keyof typeof TELLS_DECLINE_REASON];
    expect(await refusalOf(s.gateway.payReceipt({ receiptId, token }))).toBe(
      tellsWhy ? 'INSUFFICIENT_FUNDS' : 'ISSUER_DECLINED',
    );
    expect(await s.gateway.checkReceipt(receiptId)).toBe('created');
  });

  it('takes the money even when the answer is lost, and the receipt tells so once it is processed', async () => {
    const token = await s.bind(LOST_ANSWER);
    const { receiptId } = await create();
    const error = await s.gateway.payReceipt({ receiptId, token }).then(
      () => null,
      (e: unknown) => e,
    );
    // not an answer that says the money did not move
    expect(error).toBeInstanceOf(Error);
    if (error instanceof CardDecline) expect(error.code).toBe('GATEWAY_UNAVAILABLE');
    expect(await s.gateway.checkReceipt(receiptId)).toBe('paying');
    await afterProcessing();
    expect(await s.gateway.checkReceipt(receiptId)).toBe('paid');
  });

  it('takes the money and then answers an error: the receipt tells it was paid, once', async () => {
    const token = await s.bind(ERROR_AFTER_DEBIT);
    const { receiptId } = await create();
    await expect(s.gateway.payReceipt({ receiptId, token })).rejects.toThrow();
    expect(await s.gateway.checkReceipt(receiptId)).toBe('paid');
    expect(await refusalOf(s.gateway.payReceipt({ receiptId, token }))).toBe('RECEIPT_REFUSED');
  });

  it('answers that a receipt is being processed, and it is paid once its time has passed', async () => {
    const token = await s.bind(PROCESSING);
    const { receiptId } = await create();
    expect(await s.gateway.payReceipt({ receiptId, token })).toBe('paying');
    expect(await s.gateway.checkReceipt(receiptId)).toBe('paying');
    expect(await refusalOf(s.gateway.cancelReceipt(receiptId))).toBe('RECEIPT_REFUSED');
    expect(await refusalOf(s.gateway.payReceipt({ receiptId, token }))).toBe('RECEIPT_REFUSED');
    expect(await s.gateway.checkReceipt(receiptId)).toBe('paying');
    await afterProcessing();
    expect(await s.gateway.checkReceipt(receiptId)).toBe('paid');
    expect(['cancelling', 'cancelled']).toContain(await s.gateway.cancelReceipt(receiptId));
  });

  it('refunds a paid receipt once by cancelling it; a second cancel is refused', async () => {
    const token = await s.bind(APPROVED);
    const { receiptId } = await create();
    await s.gateway.payReceipt({ receiptId, token });
    expect(['cancelling', 'cancelled']).toContain(await s.gateway.cancelReceipt(receiptId));
    expect(await refusalOf(s.gateway.cancelReceipt(receiptId))).toBe('RECEIPT_REFUSED');
    // a refund may take a moment to finish at the gateway, never longer than the next look
    expect(['cancelling', 'cancelled']).toContain(await s.gateway.checkReceipt(receiptId));
    expect(await s.gateway.checkReceipt(receiptId)).toBe('cancelled');
  });

  it('keeps a receipt paid when its refund is refused, however often it is asked', async () => {
    const token = await s.bind(REFUND_REFUSED);
    const { receiptId } = await create();
    expect(await s.gateway.payReceipt({ receiptId, token })).toBe('paid');
    for (let i = 0; i < 3; i += 1) await refusalOf(s.gateway.cancelReceipt(receiptId));
    expect(await s.gateway.checkReceipt(receiptId)).toBe('paid');
  });

  it('cancels an unpaid receipt so that it can no longer be paid', async () => {
    const token = await s.bind(APPROVED);
    const { receiptId } = await create();
    expect(await s.gateway.cancelReceipt(receiptId)).toBe('cancelled');
    expect(await refusalOf(s.gateway.payReceipt({ receiptId, token }))).toBe('RECEIPT_REFUSED');
  });

  it('refuses to check, pay or cancel a receipt it never issued', async () => {
    const token = await s.bind(APPROVED);
    expect(await refusalOf(s.gateway.checkReceipt('no-such-receipt'))).toBe('RECEIPT_REFUSED');
    expect(await refusalOf(s.gateway.payReceipt({ receiptId: 'no-such-receipt', token }))).toBe(
      'RECEIPT_REFUSED',
    );
    expect(await refusalOf(s.gateway.cancelReceipt('no-such-receipt'))).toBe('RECEIPT_REFUSED');
  });

  it('lists the receipts of a period with their amounts, references and states', async () => {
    const from = new Date(clock() - 1_000);
    const token = await s.bind(APPROVED);
    const paid = await create(210_000, 'listed-paid');
    await s.gateway.payReceipt({ receiptId: paid.receiptId, token });
    const unpaid = await create(90_000, 'listed-unpaid');
    const listed = await s.gateway.listReceipts(from, new Date(clock() + 1_000));
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: paid.receiptId,
          amount: 210_000,
          reference: 'listed-paid',
          state: 'paid',
          paidAt: expect.any(Date),
        }),
        expect.objectContaining({
          id: unpaid.receiptId,
          amount: 90_000,
          reference: 'listed-unpaid',
          state: 'created',
          paidAt: null,
        }),
      ]),
    );
    expect(await s.gateway.listReceipts(new Date(0), new Date(1_000))).toEqual([]);
  });

  it('lists a receipt being processed as paid once its time has passed', async () => {
    const from = new Date(clock() - 1_000);
    const token = await s.bind(PROCESSING);
    const { receiptId } = await create(120_000, 'listed-processing');
    await s.gateway.payReceipt({ receiptId, token });
    const listed = async () =>
      (await s.gateway.listReceipts(from, new Date(clock() + 1_000))).find(
        (r) => r.id === receiptId,
      );
    expect(await listed()).toMatchObject({ state: 'paying', paidAt: null });
    await afterProcessing();
    expect(await listed()).toMatchObject({ state: 'paid', paidAt: expect.any(Date) });
  });

  it('refuses an amount that is not a positive whole sum before creating anything', async () => {
    for (const amount of [0, -5, 1.5]) {
      await expect(create(amount)).rejects.toThrow(RangeError);
    }
  });
});
