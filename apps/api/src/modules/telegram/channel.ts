/**
 * The Telegram channel of the notices (modules/notifications' channel hook): whether a customer
 * is reached there (linked), and the send of one queued message. The notices' outbox queues the
 * message, calls `send` after the change commits and again from its job after a failure, so a
 * Telegram that is down delays a notice and never a sale.
 *
 * How Telegram's answers end a message:
 * - 403 (the customer blocked the bot): the chat is unlinked and the message dropped;
 * - 400 (a bad request: chat not found, a text too long…): dropped, logged as an error, since the
 *   same request would be refused again; "chat not found" unlinks the chat too. A button Telegram
 *   refuses is logged and the text sent again without it;
 * - 429 (too many requests): thrown, so the outbox tries it again, and no message goes to
 *   Telegram from any API process or machine before its `retry_after` has passed: Telegram limits
 *   the bot, so the wait is kept in the database (`telegram_flood_waits`), never shortened by a
 *   smaller `retry_after` after it, and a send before then throws without asking Telegram. The
 *   wait is read before each send, not locked, so sends already under way may still reach
 *   Telegram;
 * - anything else (not reached, 5xx): thrown, tried again by the outbox.
 */
import { type Lang, NoticeLink, pathOfNotice } from '@bozor/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { type TelegramBot, TelegramError } from '../../providers/telegram/index.ts';
import * as repo from './repository.ts';
import { BUTTON_TEXTS } from './texts.ts';

/** What a notice links to (modules/notifications' `NoticeLink`, as far as a button needs it). */
export interface NoticeTarget {
  type: string;
  id?: number;
  order_id?: number;
  slug?: string;
  /** A page of the shop (a promotion's). */
  path?: string;
}

/** One queued message, as the notices' outbox hands it over (its `ChannelMessage`). */
export interface TelegramNoticeMessage {
  id: number;
  customerId: number;
  text: string;
  lang: Lang;
  kind: string;
  link: NoticeTarget | null;
}

/** Kinds whose button pays: a payment that failed, an installment falling due or overdue. */
const PAY_KINDS = new Set([
  'payment_failed',
  'autopay_failed',
  'installment_due_soon',
  'installment_due_today',
  'installment_overdue',
]);

/** The storefront's page of what a notice is about, as the notice centre opens it. */
function pathOf(link: NoticeTarget): string | undefined {
  const read = NoticeLink.safeParse(link);
  return read.success ? pathOfNotice(read.data) : undefined;
}

/**
 * The URL button under a notice, or none: Telegram takes only a public http(s) address, so a
 * shop without PUBLIC_URL (development) sends the text alone.
 */
export function buttonOf(
  message: Pick<TelegramNoticeMessage, 'kind' | 'link' | 'lang'>,
  publicUrl: string | undefined,
): { text: string; url: string } | undefined {
  if (!publicUrl || !message.link) return undefined;
  const host = new URL(publicUrl).hostname;
  // a name with a dot, not an address: Telegram refuses localhost and private hosts
  if (!host.includes('.') || /^[\d.]+$/.test(host) || host.startsWith('[')) return undefined;
  const path = pathOf(message.link);
  if (!path) return undefined;
  const label = PAY_KINDS.has(message.kind) ? BUTTON_TEXTS.pay : BUTTON_TEXTS.open;
  return { text: label[message.lang], url: `${publicUrl.replace(/\/+$/, '')}${path}` };
}

export interface TelegramChannelDeps {
  db: Executor;
  bot: TelegramBot;
  /** PUBLIC_URL: the buttons' addresses start with it. */
  publicUrl: string | undefined;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The clock of Telegram's retry_after, written and read by it (tests move it). */
  now?: () => number;
  /** Told of every message's outcome (the metrics). */
  observe?: (outcome: 'sent' | 'blocked' | 'refused' | 'limited' | 'failed') => void;
}

export interface TelegramNoticeSender {
  reaches(db: Executor, customerId: number): Promise<boolean>;
  send(message: TelegramNoticeMessage): Promise<void>;
}

/**
 * The shop's bot in `telegram_flood_waits`: Bozor has one (TELEGRAM_BOT_TOKEN), and its token, a
 * secret, is no key.
 */
const BOT = 'shop';

export function telegramNoticeSender(deps: TelegramChannelDeps): TelegramNoticeSender {
  const now = deps.now ?? Date.now;

  return {
    async reaches(db, customerId) {
      return (await repo.findLink(db, customerId)) !== undefined;
    },

    async send(message) {
      const link = await repo.findLink(deps.db, message.customerId);
      if (!link) {
        // unlinked since it was queued: the notice is in the shop, and maybe in an SMS
        deps.log.info(
          { messageId: message.id },
          'a Telegram message to an unlinked customer was dropped',
        );
        return;
      }
      // written and read with the processes' clocks, never the database's, so the two agree
      const notBefore = (await repo.findFloodWait(deps.db, BOT))?.getTime() ?? 0;
      const at = now();
      if (at < notBefore) {
        deps.observe?.('limited');
        throw new TelegramError(
          'Telegram asked to wait before the next message (retry_after)',
          429,
          Math.ceil((notBefore - at) / 1000),
        );
      }
      const button = buttonOf(message, deps.publicUrl);
      try {
        try {
          await deps.bot.sendMessage({ chatId: link.chatId, text: message.text, button });
        } catch (err) {
          // a button Telegram will not take must not cost the customer the notice itself
          if (
            !(
              button &&
              err instanceof TelegramError &&
              err.status === 400 &&
              /button|url/i.test(err.message)
            )
          ) {
            throw err;
          }
          deps.log.error(
            { err, url: button.url },
            'Telegram refused a button; the text goes alone',
          );
          await deps.bot.sendMessage({ chatId: link.chatId, text: message.text });
        }
        deps.observe?.('sent');
      } catch (err) {
        if (!(err instanceof TelegramError)) throw err;
        const about = {
          err,
          messageId: message.id,
          customerId: message.customerId,
          kind: message.kind,
        };
        if (err.status === 403) {
          await repo.unlinkChat(deps.db, link.chatId);
          deps.observe?.('blocked');
          deps.log.info(about, 'the customer blocked the bot: Telegram unlinked');
          return;
        }
        if (err.status === 400) {
          if (/chat not found/i.test(err.message)) await repo.unlinkChat(deps.db, link.chatId);
          deps.observe?.('refused');
          deps.log.error(about, 'Telegram refused a message for good; it was dropped');
          return;
        }
        if (err.status === 429) {
          deps.observe?.('limited');
          await repo.holdUntil(
            deps.db,
            BOT,
            new Date(now() + Math.max(1, err.retryAfter ?? 1) * 1000),
          );
        } else {
          deps.observe?.('failed');
        }
        throw err;
      }
    },
  };
}
