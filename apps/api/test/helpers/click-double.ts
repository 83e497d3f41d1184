import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tashkentDay } from '@bozor/shared';

/**
 * A stand-in for Click's Merchant API (https://api.click.uz/v2/merchant/), written from its
 * published documents and no kinder than it: every call but card_token/request must carry
 * `Auth: merchant_user_id:sha1(timestamp + secret_key):timestamp` with a 10-digit timestamp within
 * five minutes of the double's clock (HTTP 401 otherwise; card_token/request may come without
 * it, as the documents show it, but a wrong one is refused too). Answers are
 * `{ error_code, error_note, … }`, error_code 0 for success; what is not there is HTTP 404, a bad
 * request HTTP 400. It keeps card tokens, payments (payment_status: < 0 failed, 0 created,
 * 1 processing, 2 successful) and every movement of money, in sum as Click counts them, and the
 * OFD items submitted for a payment.
 *
 * Click publishes no list of its negative error codes; the ones below (`CLICK_ERRORS`) are the
 * double's own, and the adapter must read none of them by its number. A payment a card cannot
 * make is created failed (its payment_status is the error code) and answered with it.
 *
 * Cards behave by number as the Payme double's and the sandbox's test cards (any other 16-digit
 * number is approved):
 * - 8600333333333336 has no money: card_token/payment creates a failed payment and answers it;
 * - 8600444444444449 is blocked and 9860555555555559 expired: card_token/request refuses them;
 * - 8600666666666669 loses the answer: the payment takes the money into processing and the
 *   connection is dropped without an answer;
 * - 8600777777777772 errs after the debit: the payment is successful and the answer an error;
 * - 8600888888888885 is slow: the payment answers processing (1);
 * - 8600999999999998 cannot be refunded: every reversal of its payments is refused.
 * A payment in processing is successful once `control.processingMs` have passed on
 * `control.now`. A reversal is refused for a payment not successful, and for one created before
 * the current month (Tashkent time) except on the 1st, as the documents' conditions say. The SMS
 * code is 666666; 999999 is an expired one.
 *
 * A test can make a call answer late (after the work is done), fail it for ever (`errorFor`) or a
 * number of times (`failTimes`) with an error code or an HTTP status, or the whole service be
 * down (HTTP 502, as the documents name it) or unreachable.
 */

export const CLICK_SERVICE_ID = 31;
export const CLICK_MERCHANT_USER_ID = '4';
export const CLICK_SECRET_KEY = 'click-double-secret-key';
export const CLICK_CODE = '666666';

export const NO_FUNDS = '8600333333333336';
export const BLOCKED = '8600444444444449';
export const EXPIRED = '9860555555555559';
export const LOST_ANSWER = '8600666666666669';
export const ERROR_AFTER_DEBIT = '8600777777777772';
export const PROCESSING = '8600888888888885';
export const REFUND_REFUSED = '8600999999999998';

/** The double's own negative codes (Click publishes none). */
export const CLICK_ERRORS = {
  badRequest: -8,
  cardBlocked: -5019,
  cardExpired: -5020,
  noFunds: -5017,
  wrongCode: -5012,
  codeExpired: -5013,
  notVerified: -5014,
  systemError: -500,
  reversalRefused: -5030,
  notFound: -5040,
  /** What a reversed payment's status reads. */
  reversed: -9,
} as const;

/** The calls, by the name a test controls them with. */
export type ClickCall =
  | 'card_token/request'
  | 'card_token/verify'
  | 'card_token/payment'
  | 'card_token/delete'
  | 'payment/status'
  | 'payment/status_by_mti'
  | 'payment/reversal'
  | 'ofd_data/submit_items';

const PROCESSING_MS = 10_000;
const AUTH_WINDOW_S = 300;

export interface ClickDoubleCall {
  call: ClickCall | 'unknown';
  method: string;
  path: string;
  auth: string | undefined;
  body: Record<string, unknown> | null;
}

export interface ClickPayment {
  payment_id: number;
  merchant_trans_id: string;
  /** Sum. */
  amount: number;
  card_token: string;
  card_number: string;
  payment_status: number;
  /** ms */
  created: number;
  /** When a payment in processing becomes successful. */
  settlesAt: number | null;
}

export interface ClickMovement {
  kind: 'pay' | 'refund';
  paymentId: number;
  /** Sum. */
  amount: number;
}

export interface OfdSubmission {
  payment_id: number;
  items: Record<string, unknown>[];
  received_ecash: number;
  received_cash: number;
  received_card: number;
}

/** An error code in a 200 answer, or an HTTP status with one. */
export interface Fault {
  errorCode?: number;
  httpStatus?: number;
}

type Mode = 'ok' | 'garbled' | 'http-502' | 'unreachable';

export interface ClickDouble {
  /** The endpoint to give CLICK_BASE_URL. */
  url: string;
  calls: ClickDoubleCall[];
  payments: Map<number, ClickPayment>;
  movements: ClickMovement[];
  ofd: OfdSubmission[];
  control: {
    mode: Mode;
    errorFor: Map<ClickCall, Fault>;
    failTimes: Map<ClickCall, Fault & { times: number }>;
    /** A call done at once but answered this many milliseconds later. */
    lateMs: Map<ClickCall, number>;
    now: () => number;
    processingMs: number;
  };
  /** The payments made under a merchant_trans_id that starts with `prefix`. */
  paymentsOf(prefix: string): ClickPayment[];
  /** Money moved for payments under merchant_trans_ids starting with `prefix`: paid +, refunded −. */
  net(prefix: string): number;
  reset(): void;
  close(): Promise<void>;
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => resolve(body));
  });

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

type Reply = { status: number; body: Record<string, unknown> };
const ok = (body: Record<string, unknown> = {}): Reply => ({
  status: 200,
  body: { error_code: 0, error_note: 'Успешно', ...body },
});
const error = (code: number, note: string, extra: Record<string, unknown> = {}): Reply => ({
  status: 200,
  body: { error_code: code, error_note: note, ...extra },
});
const http = (status: number, note: string): Reply => ({
  status,
  body: { error_code: CLICK_ERRORS.badRequest, error_note: note },
});

/** Which call a method and path are, with the path's parameters. */
function route(method: string, path: string): { call: ClickCall | 'unknown'; params: string[] } {
  const parts = path.replace(/^\/v2\/merchant\//, '').split('/');
  const [a, b] = parts;
  if (method === 'POST' && a === 'card_token' && parts.length === 2) {
    if (b === 'request') return { call: 'card_token/request', params: [] };
    if (b === 'verify') return { call: 'card_token/verify', params: [] };
    if (b === 'payment') return { call: 'card_token/payment', params: [] };
  }
  if (method === 'DELETE' && a === 'card_token' && parts.length === 3) {
    return { call: 'card_token/delete', params: parts.slice(1) };
  }
  if (method === 'GET' && a === 'payment' && b === 'status' && parts.length === 4) {
    return { call: 'payment/status', params: parts.slice(2) };
  }
  if (method === 'GET' && a === 'payment' && b === 'status_by_mti' && parts.length === 5) {
    return { call: 'payment/status_by_mti', params: parts.slice(2).map(decodeURIComponent) };
  }
  if (method === 'DELETE' && a === 'payment' && b === 'reversal' && parts.length === 4) {
    return { call: 'payment/reversal', params: parts.slice(2) };
  }
  if (method === 'POST' && path.endsWith('/payment/ofd_data/submit_items')) {
    return { call: 'ofd_data/submit_items', params: [] };
  }
  return { call: 'unknown', params: [] };
}

/** Starts the double on a free loopback port. */
export async function startClickDouble(): Promise<ClickDouble> {
  const cards = new Map<string, { number: string; verified: boolean; temporary: boolean }>();
  const payments = new Map<number, ClickPayment>();
  const calls: ClickDoubleCall[] = [];
  const movements: ClickMovement[] = [];
  const ofd: OfdSubmission[] = [];
  const control: ClickDouble['control'] = {
    mode: 'ok',
    errorFor: new Map(),
    failTimes: new Map(),
    lateMs: new Map(),
    now: () => Date.now(),
    processingMs: PROCESSING_MS,
  };
  let nextPaymentId = 2_000_000_000;

  /** Processing goes on at Click whoever asks. */
  const settleProcessed = () => {
    for (const payment of payments.values()) {
      if (payment.settlesAt !== null && control.now() >= payment.settlesAt) {
        payment.payment_status = 2;
        payment.settlesAt = null;
      }
    }
  };

  const authorised = (auth: string | undefined): boolean => {
    const match = /^([^:]+):([0-9a-f]{40}):(\d{10})$/.exec(auth ?? '');
    if (!match) return false;
    const [, user, digest, timestamp] = match as unknown as [string, string, string, string];
    const skew = Math.abs(Number(timestamp) - Math.floor(control.now() / 1000));
    return (
      user === CLICK_MERCHANT_USER_ID &&
      digest === sha1(`${timestamp}${CLICK_SECRET_KEY}`) &&
      skew <= AUTH_WINDOW_S
    );
  };

  const faultReply = (call: ClickCall, fault: Fault): Reply =>
    fault.httpStatus
      ? http(fault.httpStatus, `${call} failed`)
      : error(fault.errorCode ?? CLICK_ERRORS.systemError, `${call} failed`);

  const answer = (
    call: ClickCall,
    params: string[],
    body: Record<string, unknown>,
    out: { dropAnswer: boolean },
  ): Reply => {
    settleProcessed();
    const forced = control.errorFor.get(call);
    if (forced) return faultReply(call, forced);
    const failing = control.failTimes.get(call);
    if (failing && failing.times > 0) {
      failing.times -= 1;
      return faultReply(call, failing);
    }
    // a POST names its service in the body, the other calls in the path
    const service =
      call === 'card_token/delete' ||
      (!call.startsWith('card_token/') && call !== 'ofd_data/submit_items')
        ? Number(params[0])
        : body.service_id;
    if (service !== CLICK_SERVICE_ID) return http(400, 'unknown service_id');
    switch (call) {
      case 'card_token/request': {
        const { card_number: number, expire_date: expire, temporary } = body;
        if (
          typeof number !== 'string' ||
          !/^\d{16}$/.test(number) ||
          typeof expire !== 'string' ||
          !/^\d{4}$/.test(expire) ||
          (temporary !== 0 && temporary !== 1)
        ) {
          return http(400, 'card_number, expire_date (MMYY) and temporary (0|1) are required');
        }
        if (number === BLOCKED) return error(CLICK_ERRORS.cardBlocked, 'Карта заблокирована');
        if (number === EXPIRED) return error(CLICK_ERRORS.cardExpired, 'Срок действия карты истёк');
        const token = randomUUID().toUpperCase();
        cards.set(token, { number, verified: false, temporary: temporary === 1 });
        return ok({ card_token: token, phone_number: '99890***1234', temporary });
      }
      case 'card_token/verify': {
        const card = cards.get(body.card_token as string);
        if (!card) return http(404, 'card token not found');
        if (typeof body.sms_code !== 'number') return http(400, 'sms_code is an integer');
        if (body.sms_code === 999999)
          return error(CLICK_ERRORS.codeExpired, 'Срок действия кода истёк');
        if (body.sms_code !== Number(CLICK_CODE))
          return error(CLICK_ERRORS.wrongCode, 'Неверный СМС код');
        card.verified = true;
        return ok({
          card_number: `${card.number.slice(0, 4)} ${card.number.slice(4, 6)}** **** ${card.number.slice(-4)}`,
        });
      }
      case 'card_token/payment': {
        const token = body.card_token as string;
        const card = cards.get(token);
        const { amount, transaction_parameter: mti } = body;
        if (typeof amount !== 'number' || !(amount > 0) || typeof mti !== 'string' || mti === '') {
          return http(400, 'amount and transaction_parameter are required');
        }
        if (!card) return http(404, 'card token not found');
        if (!card.verified) return error(CLICK_ERRORS.notVerified, 'Карта не подтверждена');
        nextPaymentId += 1;
        const payment: ClickPayment = {
          payment_id: nextPaymentId,
          merchant_trans_id: mti,
          amount,
          card_token: token,
          card_number: card.number,
          payment_status: 2,
          created: control.now(),
          settlesAt: null,
        };
        payments.set(payment.payment_id, payment);
        if (card.temporary) cards.delete(token);
        if (card.number === NO_FUNDS) {
          payment.payment_status = CLICK_ERRORS.noFunds;
          return error(CLICK_ERRORS.noFunds, 'Недостаточно средств', {
            payment_id: payment.payment_id,
            payment_status: payment.payment_status,
          });
        }
        movements.push({ kind: 'pay', paymentId: payment.payment_id, amount });
        if (card.number === LOST_ANSWER || card.number === PROCESSING) {
          payment.payment_status = 1;
          payment.settlesAt = control.now() + control.processingMs;
        }
        if (card.number === LOST_ANSWER) out.dropAnswer = true;
        if (card.number === ERROR_AFTER_DEBIT) {
          return error(CLICK_ERRORS.systemError, 'Системная ошибка', {
            payment_id: payment.payment_id,
          });
        }
        return ok({ payment_id: payment.payment_id, payment_status: payment.payment_status });
      }
      case 'card_token/delete': {
        if (!cards.delete(params[1] ?? '')) return http(404, 'card token not found');
        return ok();
      }
      case 'payment/status': {
        const payment = payments.get(Number(params[1]));
        if (!payment) return http(404, 'payment not found');
        return ok({ payment_id: payment.payment_id, payment_status: payment.payment_status });
      }
      case 'payment/status_by_mti': {
        const [, mti, day] = params;
        const found = [...payments.values()]
          .filter((p) => p.merchant_trans_id === mti && tashkentDay(new Date(p.created)) === day)
          .at(-1);
        if (!found) return http(404, 'payment not found');
        return ok({
          payment_id: found.payment_id,
          merchant_trans_id: found.merchant_trans_id,
          payment_status: found.payment_status,
        });
      }
      case 'payment/reversal': {
        const payment = payments.get(Number(params[1]));
        if (!payment) return http(404, 'payment not found');
        if (payment.payment_status !== 2) {
          return error(CLICK_ERRORS.reversalRefused, 'Платёж не может быть отменён');
        }
        const today = tashkentDay(new Date(control.now()));
        const created = tashkentDay(new Date(payment.created));
        const sameMonth = created.slice(0, 7) === today.slice(0, 7);
        if (!sameMonth && !today.endsWith('-01')) {
          return error(CLICK_ERRORS.reversalRefused, 'Отмена платежа прошлого месяца невозможна');
        }
        if (payment.card_number === REFUND_REFUSED) {
          return error(CLICK_ERRORS.reversalRefused, 'Отмена отклонена UZCARD');
        }
        payment.payment_status = CLICK_ERRORS.reversed;
        movements.push({ kind: 'refund', paymentId: payment.payment_id, amount: payment.amount });
        return ok({ payment_id: payment.payment_id });
      }
      case 'ofd_data/submit_items': {
        const payment = payments.get(Number(body.payment_id));
        if (!payment) return http(404, 'payment not found');
        const items = body.items;
        const received = ['received_ecash', 'received_cash', 'received_card'].map((k) => body[k]);
        if (!Array.isArray(items) || items.length === 0 || !received.every(Number.isSafeInteger)) {
          return http(400, 'items and the received sums (tiyin) are required');
        }
        const valid = (items as Record<string, unknown>[]).every(
          (item) =>
            typeof item.Name === 'string' &&
            item.Name.length > 0 &&
            item.Name.length <= 63 &&
            typeof item.SPIC === 'string' &&
            /^\d{17}$/.test(item.SPIC) &&
            typeof item.PackageCode === 'string' &&
            /^\d{1,20}$/.test(item.PackageCode) &&
            [item.Price, item.Amount, item.VAT, item.VATPercent].every(Number.isSafeInteger),
        );
        const total = (items as { Price: number }[]).reduce((sum, item) => sum + item.Price, 0);
        const paid = (received as number[]).reduce((sum, n) => sum + n, 0);
        if (!valid || total !== paid || paid !== payment.amount * 100) {
          return error(CLICK_ERRORS.badRequest, 'Неверные фискальные данные');
        }
        ofd.push({
          payment_id: payment.payment_id,
          items: items as Record<string, unknown>[],
          received_ecash: received[0] as number,
          received_cash: received[1] as number,
          received_card: received[2] as number,
        });
        return ok();
      }
    }
  };

  const server: Server = createServer(async (req, res) => {
    const text = await read(req);
    if (control.mode === 'unreachable') {
      req.socket.destroy();
      return;
    }
    const method = req.method ?? 'GET';
    const path = (req.url ?? '').split('?')[0] ?? '';
    const { call, params } = route(method, path);
    let body: Record<string, unknown> | null = null;
    if (text !== '') {
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        body = null;
      }
    }
    const auth = req.headers.auth as string | undefined;
    calls.push({ call, method, path, auth, body });
    res.setHeader('content-type', 'application/json');
    const send = (reply: Reply) => {
      res.statusCode = reply.status;
      const late = call === 'unknown' ? 0 : (control.lateMs.get(call) ?? 0);
      const out = JSON.stringify(reply.body);
      if (late > 0) {
        const timer = setTimeout(() => res.end(out), late);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      res.end(out);
    };
    if (control.mode === 'http-502') {
      res.statusCode = 502;
      res.setHeader('content-type', 'text/html');
      return res.end('<html>Service is down or being upgraded</html>');
    }
    if (call === 'unknown') return send(http(404, 'no such method'));
    const optional = call === 'card_token/request' && auth === undefined;
    if (!optional && !authorised(auth)) return send(http(401, 'Not Authorized'));
    if (method === 'POST' && body === null) return send(http(400, 'a JSON body is required'));
    const out = { dropAnswer: false };
    const reply = answer(call, params, body ?? {}, out);
    if (out.dropAnswer) {
      req.socket.destroy();
      return;
    }
    if (control.mode === 'garbled') return res.end('{"error_code":0,"payment_id":');
    send(reply);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const paymentsOf = (prefix: string) => {
    settleProcessed();
    return [...payments.values()].filter((p) => p.merchant_trans_id.startsWith(prefix));
  };
  return {
    url: `http://127.0.0.1:${port}/v2/merchant`,
    calls,
    payments,
    movements,
    ofd,
    control,
    paymentsOf,
    net: (prefix) => {
      const ids = new Set(paymentsOf(prefix).map((p) => p.payment_id));
      return movements
        .filter((m) => ids.has(m.paymentId))
        .reduce((sum, m) => sum + (m.kind === 'pay' ? m.amount : -m.amount), 0);
    },
    reset: () => {
      calls.splice(0);
      control.mode = 'ok';
      control.errorFor.clear();
      control.failTimes.clear();
      control.lateMs.clear();
      control.now = () => Date.now();
      control.processingMs = PROCESSING_MS;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
