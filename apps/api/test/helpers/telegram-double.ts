import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Stand-ins for Telegram's Bot API (https://core.telegram.org/bots/api) and its verification
 * Gateway API (https://core.telegram.org/gateway/api), written from their published documents and
 * no kinder than them. Both are real HTTP servers, so the shop's own clients talk to them.
 *
 * The Bot API double answers `/bot<token>/<method>` with `{ ok: true, result }`, or
 * `{ ok: false, error_code, description, parameters? }` with the HTTP status of `error_code`:
 * - a wrong token: 401 Unauthorized; an unknown method: 404 Not Found;
 * - sendMessage: 400 for a chat the bot has never heard from ("chat not found": a bot cannot write
 *   first), an empty text, a text over 4096 characters, or an inline URL button whose address is
 *   not a public http(s) or tg:// one (Telegram refuses localhost); 403 "bot was blocked by the
 *   user" once the user blocked it; 429 with `parameters.retry_after` while a flood wait lasts;
 * - setWebhook: only an https URL, and a secret_token of 1-256 characters A-Z a-z 0-9 _ -;
 * - getUpdates: 409 Conflict while a webhook is set; otherwise the updates from `offset` on,
 *   forgetting those before it, waiting up to `timeout` seconds for one.
 * A user writing to the bot (`userWrites`) makes the chat known; with a webhook set the update is
 * posted to it with the secret in X-Telegram-Bot-Api-Secret-Token (and kept for a retry when the
 * webhook did not answer 2xx), otherwise it waits for getUpdates.
 *
 * The Gateway double answers POST `/<method>` (case-insensitive) with `{ ok: true, result }` (a
 * RequestStatus) or `{ ok: false, error }`: ACCESS_TOKEN_INVALID without the bearer token,
 * PHONE_NUMBER_INVALID for a number not in E.164, PHONE_NUMBER_NOT_FOUND from checkSendAbility
 * for a number without Telegram (`withoutTelegram`), CODE_INVALID for a code that is not 4-8
 * digits, TTL_INVALID outside 60-3600 seconds (the narrower of its published ranges),
 * REQUEST_ID_INVALID for a request id that is unknown, another number's, or used already (a
 * checkSendAbility's id pays for one send). It can be down (the connection is dropped) or slow.
 */

export const BOT_TOKEN = '7000000001:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw0';
export const GATEWAY_TOKEN = 'AAGateway-test-token-0123456789';

export interface SentMessage {
  chatId: number;
  text: string;
  /** The URL button's text and address, when the message had one. */
  button: { text: string; url: string } | undefined;
  messageId: number;
}

export interface BotApiDouble {
  /** TELEGRAM_API_URL */
  url: string;
  token: string;
  /** Every call by method name, in order. */
  calls: { method: string; params: Record<string, unknown> }[];
  /** Messages Telegram took. */
  sent: SentMessage[];
  webhook: { url: string; secretToken: string | undefined } | null;
  /**
   * A user writes to the bot: with a webhook set, the update is posted to it (by `post`, a fetch
   * by default) and the webhook's status answered; otherwise it waits for getUpdates (0).
   */
  userWrites(
    chatId: number,
    text: string,
    from?: { first_name?: string; username?: string; language_code?: string },
  ): Promise<number>;
  /** Posts an update to the webhook as Telegram does, with this secret (none: no header). */
  deliver(update: object, secretToken: string | undefined): Promise<number>;
  /** How updates reach the webhook (a test may hand them to `app.inject`). */
  post: (url: string, body: string, headers: Record<string, string>) => Promise<number>;
  /** The user blocks the bot: sendMessage to the chat answers 403 from now on. */
  block(chatId: number): void;
  /** sendMessage answers 429 with retry_after `seconds` for the next `times` calls. */
  floodWait(seconds: number, times?: number): void;
  /** The next `times` calls of every method find no server (the connection is dropped). */
  down(times?: number): void;
  close(): Promise<void>;
}

export interface GatewayDouble {
  /** TELEGRAM_GATEWAY_URL */
  url: string;
  token: string;
  calls: { method: string; params: Record<string, unknown> }[];
  /** Codes sent, in order. */
  sent: { phone: string; code: string; requestId: string; ttl: number | undefined }[];
  /** Numbers (E.164, with +) that have no Telegram account. */
  withoutTelegram: Set<string>;
  /** Every call drops its connection while true. */
  down: boolean;
  /** Every answer comes this late (ms). */
  slowMs: number;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const query = Object.fromEntries(new URL(req.url ?? '/', 'http://x').searchParams);
  if (!text) return query;
  const type = req.headers['content-type'] ?? '';
  if (type.includes('application/json')) {
    try {
      const parsed = JSON.parse(text) as unknown;
      return parsed && typeof parsed === 'object' ? { ...query, ...(parsed as object) } : query;
    } catch {
      return query;
    }
  }
  if (type.includes('application/x-www-form-urlencoded')) {
    return { ...query, ...Object.fromEntries(new URLSearchParams(text)) };
  }
  return query;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function closer(server: Server): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

/** A public http(s) or tg:// address, as Telegram takes in an inline URL button. */
function buttonUrlAccepted(url: unknown): boolean {
  if (typeof url !== 'string') return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === 'tg:') return true;
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  const host = parsed.hostname;
  return (
    host.includes('.') &&
    host !== 'localhost' &&
    !/^127\./.test(host) &&
    !/^\d+\.\d+\.\d+\.\d+$/.test(host)
  );
}

export async function startBotApiDouble(): Promise<BotApiDouble> {
  const calls: BotApiDouble['calls'] = [];
  const sent: SentMessage[] = [];
  const knownChats = new Set<number>();
  const blocked = new Set<number>();
  let pending: object[] = [];
  let waiting: (() => void)[] = [];
  let updateId = 100;
  let messageId = 1;
  let flood = { seconds: 0, times: 0 };
  let downTimes = 0;

  type Answer = { status: number; body: object };
  const ok = (result: unknown): Answer => ({ status: 200, body: { ok: true, result } });
  const refuse = (status: number, description: string, parameters?: object): Answer => ({
    status,
    body: {
      ok: false,
      error_code: status,
      description,
      ...(parameters ? { parameters } : {}),
    },
  });

  const double: BotApiDouble = {
    url: '',
    token: BOT_TOKEN,
    calls,
    sent,
    webhook: null,
    post: async (url, body, headers) => {
      const response = await fetch(url, { method: 'POST', body, headers });
      return response.status;
    },
    async userWrites(chatId, text, from = {}) {
      knownChats.add(chatId);
      blocked.delete(chatId);
      updateId += 1;
      const update = {
        update_id: updateId,
        message: {
          message_id: messageId++,
          date: Math.floor(Date.now() / 1000),
          text,
          chat: {
            id: chatId,
            type: 'private',
            first_name: from.first_name ?? 'Aziz',
            ...(from.username ? { username: from.username } : {}),
          },
          from: {
            id: chatId,
            is_bot: false,
            first_name: from.first_name ?? 'Aziz',
            ...(from.username ? { username: from.username } : {}),
            ...(from.language_code ? { language_code: from.language_code } : {}),
          },
          ...(text.startsWith('/')
            ? {
                entities: [{ type: 'bot_command', offset: 0, length: text.split(/\s/)[0]!.length }],
              }
            : {}),
        },
      };
      if (double.webhook) {
        const status = await double.deliver(update, double.webhook.secretToken);
        // Telegram keeps an update the webhook did not take and sends it again later
        if (status < 200 || status > 299) pending.push(update);
        return status;
      }
      pending.push(update);
      for (const wake of waiting) wake();
      waiting = [];
      return 0;
    },
    async deliver(update, secretToken) {
      if (!double.webhook) throw new Error('no webhook is set');
      return double.post(double.webhook.url, JSON.stringify(update), {
        'content-type': 'application/json',
        ...(secretToken === undefined ? {} : { 'x-telegram-bot-api-secret-token': secretToken }),
      });
    },
    block(chatId) {
      blocked.add(chatId);
    },
    floodWait(seconds, times = 1) {
      flood = { seconds, times };
    },
    down(times = 1) {
      downTimes = times;
    },
    close: async () => {},
  };

  async function answer(method: string, params: Record<string, unknown>): Promise<Answer> {
    switch (method) {
      case 'sendmessage': {
        const chatId = Number(params.chat_id);
        const text = typeof params.text === 'string' ? params.text : '';
        if (flood.times > 0) {
          flood.times -= 1;
          return refuse(429, `Too Many Requests: retry after ${flood.seconds}`, {
            retry_after: flood.seconds,
          });
        }
        if (!Number.isFinite(chatId) || !knownChats.has(chatId)) {
          return refuse(400, 'Bad Request: chat not found');
        }
        if (blocked.has(chatId)) return refuse(403, 'Forbidden: bot was blocked by the user');
        if (text.trim().length === 0) return refuse(400, 'Bad Request: message text is empty');
        if ([...text].length > 4096) return refuse(400, 'Bad Request: message is too long');
        let markup = params.reply_markup as unknown;
        if (typeof markup === 'string') markup = JSON.parse(markup) as unknown;
        let button: SentMessage['button'];
        if (markup !== undefined) {
          const rows = (markup as { inline_keyboard?: unknown }).inline_keyboard;
          if (!Array.isArray(rows))
            return refuse(400, "Bad Request: can't parse reply keyboard markup JSON object");
          for (const row of rows) {
            if (!Array.isArray(row))
              return refuse(
                400,
                'Bad Request: field "inline_keyboard" of the InlineKeyboardMarkup must be an Array of Arrays',
              );
            for (const b of row as { text?: unknown; url?: unknown }[]) {
              if (typeof b.text !== 'string' || b.text.length === 0) {
                return refuse(
                  400,
                  'Bad Request: text buttons are unallowed in the inline keyboard',
                );
              }
              if (!buttonUrlAccepted(b.url)) {
                return refuse(
                  400,
                  `Bad Request: inline keyboard button URL '${String(b.url)}' is invalid: Wrong HTTP URL`,
                );
              }
              button ??= { text: b.text, url: b.url as string };
            }
          }
        }
        const message = { chatId, text, button, messageId: messageId++ };
        sent.push(message);
        return ok({
          message_id: message.messageId,
          date: Math.floor(Date.now() / 1000),
          chat: { id: chatId, type: 'private' },
          text,
        });
      }
      case 'setwebhook': {
        const url = typeof params.url === 'string' ? params.url : '';
        if (!url.startsWith('https://')) {
          return refuse(400, 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook');
        }
        const secret = params.secret_token;
        if (
          secret !== undefined &&
          (typeof secret !== 'string' || !/^[A-Za-z0-9_-]{1,256}$/.test(secret))
        ) {
          return refuse(400, 'Bad Request: secret token contains unallowed characters');
        }
        double.webhook = { url, secretToken: secret as string | undefined };
        return { status: 200, body: { ok: true, result: true, description: 'Webhook was set' } };
      }
      case 'deletewebhook':
        double.webhook = null;
        return {
          status: 200,
          body: { ok: true, result: true, description: 'Webhook was deleted' },
        };
      case 'getupdates': {
        if (double.webhook) {
          return refuse(
            409,
            "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
          );
        }
        const offset = Number(params.offset ?? 0);
        const timeout = Math.min(50, Math.max(0, Number(params.timeout ?? 0)));
        pending = pending.filter((u) => (u as { update_id: number }).update_id >= offset);
        if (pending.length === 0 && timeout > 0) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, timeout * 1000);
            waiting.push(() => {
              clearTimeout(timer);
              resolve();
            });
          });
        }
        return ok(pending.slice(0, 100));
      }
      default:
        return refuse(404, 'Not Found');
    }
  }

  const server = createServer(async (req, res) => {
    if (downTimes > 0) {
      downTimes -= 1;
      req.socket.destroy();
      return;
    }
    const match = /^\/bot([^/]+)\/([A-Za-z]+)/.exec(new URL(req.url ?? '/', 'http://x').pathname);
    const params = await readBody(req);
    let result: Answer;
    if (!match) result = refuse(404, 'Not Found');
    else if (match[1] !== BOT_TOKEN) result = refuse(401, 'Unauthorized');
    else {
      calls.push({ method: match[2]!, params });
      result = await answer(match[2]!.toLowerCase(), params);
    }
    res.writeHead(result.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(result.body));
  });
  double.url = await listen(server);
  double.close = async () => {
    for (const wake of waiting) wake();
    await closer(server)();
  };
  return double;
}

export async function startGatewayDouble(): Promise<GatewayDouble> {
  const requests = new Map<string, { phone: string; used: boolean; code?: string }>();
  const double: GatewayDouble = {
    url: '',
    token: GATEWAY_TOKEN,
    calls: [],
    sent: [],
    withoutTelegram: new Set(),
    down: false,
    slowMs: 0,
    close: async () => {},
  };
  const fail = (error: string) => ({ ok: false, error });
  const status = (requestId: string, phone: string, extra: object = {}) => ({
    ok: true,
    result: { request_id: requestId, phone_number: phone, request_cost: 0.01, ...extra },
  });
  const newId = () => randomBytes(8).toString('hex');
  const e164 = (value: unknown): value is string =>
    typeof value === 'string' && /^\+[1-9]\d{6,14}$/.test(value);

  function answer(method: string, params: Record<string, unknown>): object {
    switch (method) {
      case 'checksendability': {
        const phone = params.phone_number;
        if (!e164(phone)) return fail('PHONE_NUMBER_INVALID');
        if (double.withoutTelegram.has(phone)) return fail('PHONE_NUMBER_NOT_FOUND');
        const id = newId();
        requests.set(id, { phone, used: false });
        return status(id, phone, { remaining_balance: 99.99 });
      }
      case 'sendverificationmessage': {
        const phone = params.phone_number;
        if (!e164(phone)) return fail('PHONE_NUMBER_INVALID');
        const code = params.code;
        if (code !== undefined && (typeof code !== 'string' || !/^\d{4,8}$/.test(code))) {
          return fail('CODE_INVALID');
        }
        const ttl = params.ttl === undefined ? undefined : Number(params.ttl);
        if (ttl !== undefined && !(Number.isInteger(ttl) && ttl >= 60 && ttl <= 3600)) {
          return fail('TTL_INVALID');
        }
        let id = typeof params.request_id === 'string' ? params.request_id : undefined;
        if (id !== undefined) {
          const known = requests.get(id);
          if (!known || known.phone !== phone || known.used) return fail('REQUEST_ID_INVALID');
          known.used = true;
        } else {
          if (double.withoutTelegram.has(phone)) return fail('PHONE_NUMBER_NOT_FOUND');
          id = newId();
          requests.set(id, { phone, used: true });
        }
        const sentCode = typeof code === 'string' ? code : '1234';
        requests.get(id)!.code = sentCode;
        double.sent.push({ phone, code: sentCode, requestId: id, ttl });
        return status(id, phone, {
          delivery_status: { status: 'sent', updated_at: Math.floor(Date.now() / 1000) },
        });
      }
      case 'checkverificationstatus': {
        const id = params.request_id;
        const known = typeof id === 'string' ? requests.get(id) : undefined;
        if (!known || typeof id !== 'string') return fail('REQUEST_ID_INVALID');
        const entered = params.code;
        return status(id, known.phone, {
          ...(typeof entered === 'string'
            ? {
                verification_status: {
                  status: entered === known.code ? 'code_valid' : 'code_invalid',
                  updated_at: Math.floor(Date.now() / 1000),
                  code_entered: entered,
                },
              }
            : {}),
        });
      }
      default:
        return fail('METHOD_NOT_FOUND');
    }
  }

  const server = createServer(async (req, res) => {
    if (double.down) {
      req.socket.destroy();
      return;
    }
    const params = await readBody(req);
    const method = new URL(req.url ?? '/', 'http://x').pathname.slice(1);
    const bearer =
      /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? params.access_token;
    double.calls.push({ method, params });
    const body =
      bearer === GATEWAY_TOKEN
        ? answer(method.toLowerCase(), params)
        : fail('ACCESS_TOKEN_INVALID');
    if (double.slowMs > 0) await new Promise((resolve) => setTimeout(resolve, double.slowMs));
    if (res.destroyed) return;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  double.url = await listen(server);
  double.close = closer(server);
  return double;
}
