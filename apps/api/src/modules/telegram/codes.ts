/**
 * Sign-in codes by Telegram's verification gateway, with SMS as the fallback
 * (SIGN_IN_CODE_CHANNEL=telegram-first). The shop makes the code and checks it as ever; the
 * gateway only carries it, so a code is the same whichever way it went.
 *
 * A code goes by Telegram when the gateway says the number can receive it (`checkSendAbility`)
 * and then takes it (`sendVerificationMessage`, with the check's request id so it is billed once,
 * and a ttl of the code's life, after which Telegram deletes it unread and refunds it). It goes by
 * SMS when the number cannot, when the gateway refuses or fails, or when it does not answer within
 * TELEGRAM_GATEWAY_TIMEOUT_MS; and always for a code asked for again (a resend), since the
 * customer asking again is the sign that the first did not arrive where it went.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { SmsProvider } from '../../providers/sms/index.ts';
import type { TelegramGateway } from '../../providers/telegram/index.ts';

export type CodeChannel = 'telegram' | 'sms';

export interface SignInCodeInput {
  /** 998 and nine digits. */
  phone: string;
  code: string;
  /** The SMS's text, with the code. */
  smsText: string;
  /** Seconds the code lives. */
  ttlSeconds: number;
  /** A code asked for again for the same challenge: by SMS. */
  resend: boolean;
}

export interface SignInCodes {
  /** Sends the code; answers the channel it went by. Throws when SMS, the last way, fails too. */
  send(input: SignInCodeInput): Promise<CodeChannel>;
  /**
   * The customer signed in with this code: when Telegram carried it, Telegram is told the code
   * entered (`checkVerificationStatus`, for its conversion reports), in the background.
   */
  confirmed(phone: string, code: string): void;
}

/** The last code Telegram carried to each phone, until it is entered (at most this many). */
const KEPT_REQUESTS = 10_000;

export interface SignInCodeDeps {
  sms: SmsProvider;
  /** The gateway when codes go telegram-first; null sends every code by SMS. */
  gateway: TelegramGateway | null;
  /** How long the gateway may take, each call. */
  timeoutMs: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Told of every code by channel and outcome (the metrics). */
  observe?:
    | ((channel: CodeChannel, outcome: 'sent' | 'failed' | 'unreachable') => void)
    | undefined;
}

class GatewayTimeout extends Error {
  constructor() {
    super('the gateway did not answer in time');
    this.name = 'GatewayTimeout';
  }
}

/** The call, or a GatewayTimeout once `ms` have passed (the call itself is left to end). */
async function within<T>(ms: number, call: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new GatewayTimeout()), ms);
  });
  try {
    return await Promise.race([call, late]);
  } finally {
    clearTimeout(timer);
  }
}

export function signInCodeSender(deps: SignInCodeDeps): SignInCodes {
  // in memory: a request another process sent is not reported, which costs only a statistic
  const requests = new Map<string, { requestId: string; code: string }>();
  const remember = (phone: string, entry: { requestId: string; code: string }) => {
    requests.delete(phone);
    requests.set(phone, entry);
    if (requests.size > KEPT_REQUESTS) {
      const oldest = requests.keys().next().value;
      if (oldest !== undefined) requests.delete(oldest);
    }
  };

  async function byTelegram(gateway: TelegramGateway, input: SignInCodeInput): Promise<boolean> {
    try {
      const ability = await within(deps.timeoutMs, gateway.checkSendAbility(input.phone));
      if (!ability) {
        deps.observe?.('telegram', 'unreachable');
        return false;
      }
      const sent = await within(
        deps.timeoutMs,
        gateway.sendVerificationMessage({
          phone: input.phone,
          code: input.code,
          requestId: ability.requestId,
          // the gateway takes 60 to 3600 seconds (its older and newer published ranges)
          ttl: Math.min(3600, Math.max(60, input.ttlSeconds)),
        }),
      );
      deps.observe?.('telegram', 'sent');
      remember(input.phone, { requestId: sent.requestId, code: input.code });
      return true;
    } catch (err) {
      deps.observe?.('telegram', 'failed');
      deps.log.warn({ err }, 'a sign-in code did not go by Telegram; it goes by SMS');
      return false;
    }
  }

  return {
    async send(input) {
      if (deps.gateway && !input.resend && (await byTelegram(deps.gateway, input))) {
        return 'telegram';
      }
      try {
        await deps.sms.send({ phone: input.phone, text: input.smsText });
      } catch (err) {
        deps.observe?.('sms', 'failed');
        throw err;
      }
      deps.observe?.('sms', 'sent');
      // a newer code went by SMS: the one Telegram carried is not the one entered
      requests.delete(input.phone);
      return 'sms';
    },

    confirmed(phone, code) {
      const request = requests.get(phone);
      const gateway = deps.gateway;
      // another challenge of the phone may have sent a newer code by Telegram since
      if (!gateway || request?.code !== code) return;
      requests.delete(phone);
      gateway.checkVerificationStatus(request.requestId, code).catch((err: unknown) => {
        deps.log.warn({ err }, 'could not tell Telegram a code was entered');
      });
    },
  };
}
