import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Payme's Subscribe API, written from its published methods and no kinder than
 * it: one JSON-RPC endpoint that checks each method's X-Auth header (the merchant id alone for
 * the methods a shop's front end may call, `id:key` for the rest), keeps cards and receipts,
 * counts amounts in tiyin and answers with Payme's error codes. Every `receipts.create` is a new
 * receipt whatever its account says; money moves only in `receipts.pay` (a created receipt, once)
 * and `receipts.cancel` (a paid receipt is queued for its refund, state 21, and is cancelled, 50,
 * by the next read of it; an unpaid one is cancelled at once). Nothing is de-duplicated.
 *
 * Receipts go through Payme's published states: 0 created; 1, 2, 3 being paid; 4 paid; 5, 6
 * held; 20 paused for a person; 21 queued for cancelling; 30 queued for closing; 50 cancelled.
 * A receipt being processed shows `control.processingState` (2 unless a test picks another) and
 * is paid, 4 with its pay_time, once `control.processingMs` have passed on `control.now`; the
 * double settles it when any call comes in. While it is processed it can be neither paid again
 * nor cancelled (-31603).
 *
 * Cards behave by number as the sandbox's test cards do (any other 16-digit number is approved):
 * - 8600333333333336 has no money: receipts.pay answers -31303;
 * - 8600444444444449 is blocked: cards.create answers -31301;
 * - 8600666666666669 loses the answer: receipts.pay takes the money into processing and the
 *   connection is dropped without an answer;
 * - 8600777777777772 errs after the debit: receipts.pay takes the money (4) and answers -31630;
 * - 8600888888888885 is slow: receipts.pay answers its receipt in processing;
 * - 8600999999999998 cannot be refunded: receipts.cancel of its paid receipts answers -31630
 *   for ever, and the receipt stays paid.
 * The verification code is 666666; 999999 is an expired one.
 *
 * A test can make it answer a method late (after the work is done), fail a method with a code
 * for ever (`errorFor`) or a number of times (`failTimes`), or be unreachable, and reads its
 * books: the receipts and every movement of money.
 */

export const PAYME_MERCHANT = '5e730e8e0b852a417aa49ceb';
export const PAYME_KEY = 'ZPDODSiTYKuX0jyO7Kl2to4rQbNwG3OSd5';
export const PAYME_CODE = '666666';

export const NO_FUNDS = '8600333333333336';
export const BLOCKED = '8600444444444449';
export const LOST_ANSWER = '8600666666666669';
export const ERROR_AFTER_DEBIT = '8600777777777772';
export const PROCESSING = '8600888888888885';
export const REFUND_REFUSED = '8600999999999998';

/** Methods a shop's front end may call: Payme wants the merchant id alone for them. */
const CLIENT_METHODS = new Set(['cards.create', 'cards.get_verify_code', 'cards.verify']);

/** Payme's receipt states this double uses by name. */
export const RECEIPT = { created: 0, paid: 4, cancelling: 21, cancelled: 50 } as const;

/** The states between the order to pay and its outcome: being paid, held, paused, closing. */
export const PROCESSING_STATES = [1, 2, 3, 5, 6, 20, 30] as const;
export type ProcessingState = (typeof PROCESSING_STATES)[number];

const PROCESSING_MS = 10_000;
const PROCESSING_STATE: ProcessingState = 2;

export interface DoubleCall {
  method: string;
  auth: string | undefined;
  params: Record<string, unknown>;
}

export interface DoubleReceipt {
  _id: string;
  state: number;
  /** Tiyin. */
  amount: number;
  account: { name: string; value: unknown }[];
  description: string;
  create_time: number;
  pay_time: number;
  cancel_time: number;
  card: { number: string; token: string } | null;
  /** The receipt's fiscal detail as the shop sent it, when it sent one. */
  detail?: Record<string, unknown>;
}

/** Money that moved: a receipt paid from a card, or a paid receipt's amount back to it. */
export interface Movement {
  kind: 'pay' | 'refund';
  receiptId: string;
  /** Tiyin. */
  amount: number;
}

type Mode = 'ok' | 'garbled' | 'no-result' | 'odd-shape' | 'http-502' | 'unreachable';

export interface PaymeDouble {
  /** The endpoint to give PAYME_BASE_URL. */
  url: string;
  calls: DoubleCall[];
  /** A receipt whose processing time is up shows 4 here after the next call, or `paid()`. */
  receipts: Map<string, DoubleReceipt>;
  movements: Movement[];
  control: {
    mode: Mode;
    /** A method answered with this error code instead of being done. */
    errorFor: Map<string, number>;
    /** A method done at once but answered this many milliseconds later. */
    lateMs: Map<string, number>;
    /** The next `times` calls of a method answer `code` without doing anything. */
    failTimes: Map<string, { code: number; times: number }>;
    /** The clock of create_time, pay_time, cancel_time and of processing. */
    now: () => number;
    /** How long a receipt is processed before it is paid. */
    processingMs: number;
    /** The state a receipt shows while it is processed. */
    processingState: ProcessingState;
  };
  /** Receipts whose money is with the merchant now (paid, not cancelled, not still processed). */
  paid(): DoubleReceipt[];
  /** Money moved in or out for one receipt, in tiyin: paid counts +, refunded counts −. */
  net(receiptId: string): number;
  reset(): void;
  close(): Promise<void>;
}

type Answer = { result: unknown } | { error: { code: number; message: string } };

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => resolve(body));
  });

/** Starts the double on a free loopback port. */
/**
 * Payme's fiscal `detail` of a receipt, as its fiscalisation document gives it: `receipt_type`,
 * an optional `shipping` ({ title, price }), and `items`, each with a `title`, `price` (one
 * piece, tiyin), `count`, `code` (the 17-digit IKPU), `package_code`, `vat_percent` and an
 * optional `discount` and `units`; the items' price × count less discounts, with the shipping,
 * make the receipt's amount. A detail that breaks it is refused as invalid parameters (-32602).
 */
function detailAddsUp(detail: unknown, amount: number): boolean {
  if (typeof detail !== 'object' || detail === null) return false;
  const d = detail as { receipt_type?: unknown; shipping?: unknown; items?: unknown };
  if (d.receipt_type !== 0 || !Array.isArray(d.items) || d.items.length === 0) return false;
  const whole = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
  let total = 0;
  for (const item of d.items as Record<string, unknown>[]) {
    if (typeof item.title !== 'string' || item.title.length === 0) return false;
    if (!whole(item.price) || !whole(item.count) || (item.count as number) < 1) return false;
    if (typeof item.code !== 'string' || !/^\d{17}$/.test(item.code)) return false;
    if (typeof item.package_code !== 'string' || item.package_code.length === 0) return false;
    if (!whole(item.vat_percent)) return false;
    if (item.discount !== undefined && !whole(item.discount)) return false;
    total +=
      (item.price as number) * (item.count as number) -
      ((item.discount as number | undefined) ?? 0);
  }
  if (d.shipping !== undefined) {
    const shipping = d.shipping as { title?: unknown; price?: unknown };
    if (typeof shipping.title !== 'string' || !whole(shipping.price)) return false;
    total += shipping.price as number;
  }
  return total === amount;
}

export async function startPaymeDouble(): Promise<PaymeDouble> {
  const cards = new Map<string, { number: string; verified: boolean }>();
  const receipts = new Map<string, DoubleReceipt>();
  const calls: DoubleCall[] = [];
  const movements: Movement[] = [];
  const control: PaymeDouble['control'] = {
    mode: 'ok',
    errorFor: new Map(),
    lateMs: new Map(),
    failTimes: new Map(),
    now: () => Date.now(),
    processingMs: PROCESSING_MS,
    processingState: PROCESSING_STATE,
  };
  /** When each receipt being processed is paid; kept apart so that no answer shows it. */
  const paidAt = new Map<string, number>();
  let issued = 0;

  const fail = (method: string, code: number): Answer => ({
    error: { code, message: `${method} failed` },
  });
  const processing = (state: number) => (PROCESSING_STATES as readonly number[]).includes(state);
  /** Processing goes on at Payme whoever asks: every receipt whose time is up is paid. */
  const settleProcessed = () => {
    for (const [id, at] of paidAt) {
      if (control.now() < at) continue;
      paidAt.delete(id);
      const receipt = receipts.get(id);
      // a receipt a test moved out of processing stays where the test put it
      if (receipt && processing(receipt.state)) {
        receipt.state = RECEIPT.paid;
        receipt.pay_time = at;
      }
    }
  };
  /** A receipt queued for cancelling is cancelled by the time anyone reads it again. */
  const settleQueue = (receipt: DoubleReceipt) => {
    if (receipt.state === RECEIPT.cancelling) receipt.state = RECEIPT.cancelled;
  };
  const view = (receipt: DoubleReceipt) => ({
    ...receipt,
    card: receipt.card
      ? {
          number: `${receipt.card.number.slice(0, 6)}******${receipt.card.number.slice(-4)}`,
          expire: '9903',
        }
      : null,
  });

  /** Answers a method; `dropAnswer` is set when the money moved and the answer is to be lost. */
  const answer = (
    method: string,
    params: Record<string, unknown>,
    out: { dropAnswer: boolean },
  ): Answer => {
    settleProcessed();
    const forced = control.errorFor.get(method);
    if (forced !== undefined) return fail(method, forced);
    const failing = control.failTimes.get(method);
    if (failing && failing.times > 0) {
      failing.times -= 1;
      return fail(method, failing.code);
    }
    const token = params.token as string;
    switch (method) {
      case 'cards.create': {
        const card = params.card as { number?: unknown; expire?: unknown } | undefined;
        if (
          typeof card?.number !== 'string' ||
          !/^\d{16}$/.test(card.number) ||
          typeof card.expire !== 'string' ||
          !/^\d{4}$/.test(card.expire) ||
          params.save !== true
        ) {
          return fail(method, -32602);
        }
        if (card.number === BLOCKED) return fail(method, -31301);
        issued += 1;
        const newToken = `tok-${issued}-${randomBytes(4).toString('hex')}`;
        cards.set(newToken, { number: card.number, verified: false });
        return {
          result: {
            card: {
              number: `${card.number.slice(0, 6)}******${card.number.slice(-4)}`,
              expire: `${card.expire.slice(0, 2)}/${card.expire.slice(2)}`,
              token: newToken,
              recurrent: true,
              verify: false,
            },
          },
        };
      }
      case 'cards.get_verify_code':
        if (!cards.has(token)) return fail(method, -31400);
        return { result: { sent: true, phone: '99890*****31', wait: 60000 } };
      case 'cards.verify': {
        const card = cards.get(token);
        if (!card) return fail(method, -31400);
        if (params.code === '999999') return fail(method, -31101);
        if (params.code !== PAYME_CODE) return fail(method, -31103);
        card.verified = true;
        return { result: { card: { token, recurrent: true, verify: true } } };
      }
      case 'cards.check': {
        const card = cards.get(token);
        if (!card) return fail(method, -31400);
        return { result: { card: { token, recurrent: true, verify: card.verified } } };
      }
      case 'cards.remove':
        if (!cards.delete(token)) return fail(method, -31400);
        return { result: { success: true } };
      case 'receipts.create': {
        const amount = params.amount;
        if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
          return fail(method, -31611);
        }
        if (params.detail !== undefined && !detailAddsUp(params.detail, amount)) {
          return fail(method, -32602);
        }
        const account = (params.account ?? {}) as Record<string, unknown>;
        issued += 1;
        const id = `${randomBytes(10).toString('hex')}${String(issued).padStart(4, '0')}`;
        const receipt: DoubleReceipt = {
          _id: id,
          state: RECEIPT.created,
          amount,
          account: Object.entries(account).map(([name, value]) => ({ name, value })),
          description: typeof params.description === 'string' ? params.description : '',
          create_time: control.now(),
          pay_time: 0,
          cancel_time: 0,
          card: null,
          ...(params.detail ? { detail: params.detail as Record<string, unknown> } : {}),
        };
        receipts.set(id, receipt);
        return { result: { receipt: view(receipt) } };
      }
      case 'receipts.pay': {
        const receipt = receipts.get(params.id as string);
        if (!receipt) return fail(method, -31602);
        if (receipt.state !== RECEIPT.created) return fail(method, -31603);
        const card = cards.get(token);
        if (!card) return fail(method, -31400);
        if (!card.verified) return fail(method, -31301);
        if (card.number === NO_FUNDS) return fail(method, -31303);
        receipt.card = { number: card.number, token };
        movements.push({ kind: 'pay', receiptId: receipt._id, amount: receipt.amount });
        if (card.number === LOST_ANSWER || card.number === PROCESSING) {
          receipt.state = control.processingState;
          paidAt.set(receipt._id, control.now() + control.processingMs);
        } else {
          receipt.state = RECEIPT.paid;
          receipt.pay_time = control.now();
        }
        if (card.number === LOST_ANSWER) out.dropAnswer = true;
        if (card.number === ERROR_AFTER_DEBIT) return fail(method, -31630);
        return { result: { receipt: view(receipt) } };
      }
      case 'receipts.check': {
        const receipt = receipts.get(params.id as string);
        if (!receipt) return fail(method, -31602);
        const state = receipt.state;
        settleQueue(receipt);
        return { result: { state } };
      }
      case 'receipts.get': {
        const receipt = receipts.get(params.id as string);
        if (!receipt) return fail(method, -31602);
        const shown = view(receipt);
        settleQueue(receipt);
        return { result: { receipt: shown } };
      }
      case 'receipts.cancel': {
        const receipt = receipts.get(params.id as string);
        if (!receipt) return fail(method, -31602);
        if (receipt.state === RECEIPT.paid) {
          if (receipt.card?.number === REFUND_REFUSED) return fail(method, -31630);
          receipt.state = RECEIPT.cancelling;
          receipt.cancel_time = control.now();
          movements.push({ kind: 'refund', receiptId: receipt._id, amount: receipt.amount });
        } else if (receipt.state === RECEIPT.created) {
          receipt.state = RECEIPT.cancelled;
          receipt.cancel_time = control.now();
        } else {
          return fail(method, -31603);
        }
        return { result: { receipt: view(receipt) } };
      }
      case 'receipts.get_all': {
        const { count, from, to, offset } = params as Record<string, unknown>;
        if (
          typeof count !== 'number' ||
          count < 1 ||
          count > 50 ||
          typeof from !== 'number' ||
          typeof to !== 'number'
        ) {
          return fail(method, -32602);
        }
        const skip = typeof offset === 'number' ? offset : 0;
        const listed = [...receipts.values()]
          .filter((r) => r.create_time >= from && r.create_time <= to)
          .sort((a, b) => a.create_time - b.create_time)
          .slice(skip, skip + count);
        const shown = listed.map(view);
        for (const receipt of listed) settleQueue(receipt);
        return { result: shown };
      }
      default:
        return fail(method, -32601);
    }
  };

  const server: Server = createServer(async (req, res) => {
    const text = await read(req);
    if (control.mode === 'unreachable') {
      req.socket.destroy();
      return;
    }
    let request: { id?: unknown; method?: unknown; params?: unknown };
    try {
      request = JSON.parse(text) as typeof request;
    } catch {
      res.setHeader('content-type', 'application/json');
      return res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32700, message: 'parse' } }));
    }
    const method = typeof request.method === 'string' ? request.method : '';
    const params = (request.params ?? {}) as Record<string, unknown>;
    const auth = req.headers['x-auth'] as string | undefined;
    calls.push({ method, auth, params });
    res.setHeader('content-type', 'application/json');
    const expected = CLIENT_METHODS.has(method) ? PAYME_MERCHANT : `${PAYME_MERCHANT}:${PAYME_KEY}`;
    const out = { dropAnswer: false };
    const body =
      auth === expected
        ? answer(method, params, out)
        : { error: { code: -32504, message: 'Insufficient privilege' } };
    if (out.dropAnswer) {
      req.socket.destroy();
      return;
    }
    if (control.mode === 'http-502') {
      res.statusCode = 502;
      return res.end('<html>Bad Gateway</html>');
    }
    if (control.mode === 'garbled') return res.end('{"jsonrpc":"2.0","result":');
    if (control.mode === 'no-result') return res.end(JSON.stringify({ jsonrpc: '2.0', id: 1 }));
    if (control.mode === 'odd-shape') {
      return res.end(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: { ok: 1 } }));
    }
    const reply = JSON.stringify({ jsonrpc: '2.0', id: request.id, ...body });
    const late = control.lateMs.get(method) ?? 0;
    if (late > 0) {
      const timer = setTimeout(() => res.end(reply), late);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    res.end(reply);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/api`,
    calls,
    receipts,
    movements,
    control,
    paid: () => {
      settleProcessed();
      return [...receipts.values()].filter((r) => r.state === RECEIPT.paid);
    },
    net: (receiptId) =>
      movements
        .filter((m) => m.receiptId === receiptId)
        .reduce((sum, m) => sum + (m.kind === 'pay' ? m.amount : -m.amount), 0),
    reset: () => {
      calls.splice(0);
      control.mode = 'ok';
      control.errorFor.clear();
      control.lateMs.clear();
      control.failTimes.clear();
      control.now = () => Date.now();
      control.processingMs = PROCESSING_MS;
      control.processingState = PROCESSING_STATE;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
