import type { Lang, TelegramDeepLink, TelegramLink } from '@bozor/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { type BotUpdate, type TelegramBot, TelegramError } from '../../providers/telegram/index.ts';
import * as repo from './repository.ts';
import { BOT_TEXTS, chatLang } from './texts.ts';
import type { TelegramSetup } from './types.ts';

/** How long a deep link links: long enough to open Telegram and press Start. */
export const LINK_TOKEN_MINUTES = 10;

export interface LinkDeps {
  db: Executor;
  telegram: TelegramSetup | null;
  /** The clock of tokens (tests move it). */
  now?: () => Date;
}

const clockOf = (deps: { now?: (() => Date) | undefined }) => deps.now ?? (() => new Date());

function botOf(deps: LinkDeps): TelegramSetup {
  if (!deps.telegram) throw new AppError('TELEGRAM_OFF', 404);
  return deps.telegram;
}

/**
 * A one-time deep link for the customer: a random token (32 bytes) whose hash alone is kept,
 * good for LINK_TOKEN_MINUTES and for one chat; a newer link replaces it.
 */
export async function createDeepLink(
  deps: LinkDeps,
  customerId: number,
): Promise<TelegramDeepLink> {
  const telegram = botOf(deps);
  const now = clockOf(deps)();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + LINK_TOKEN_MINUTES * 60_000);
  await repo.insertToken(deps.db, { customerId, tokenHash: hashToken(token), expiresAt, now });
  return {
    url: `https://t.me/${telegram.botUsername}?start=${token}`,
    expires_at: expiresAt.toISOString(),
  };
}

export async function linkState(deps: LinkDeps, customerId: number): Promise<TelegramLink> {
  const link = await repo.findLink(deps.db, customerId);
  return {
    available: deps.telegram !== null,
    linked: link !== undefined,
    name: link?.firstName ?? null,
    username: link?.username ?? null,
    linked_at: link?.linkedAt.toISOString() ?? null,
  };
}

/** Unlinks from the profile; the chat is told, as far as Telegram lets the bot. */
export async function unlink(
  deps: LinkDeps & { log: Pick<FastifyBaseLogger, 'warn'> },
  customerId: number,
): Promise<TelegramLink> {
  const link = await repo.findLink(deps.db, customerId);
  if (link && (await repo.unlinkCustomer(deps.db, customerId)) && deps.telegram) {
    const customer = await repo.findCustomer(deps.db, customerId);
    await reply(
      deps.telegram.bot,
      deps.log,
      link.chatId,
      BOT_TEXTS.stopped[langOf(customer?.lang)],
    );
  }
  return linkState(deps, customerId);
}

const langOf = (lang: string | undefined): Lang => (lang === 'ru' ? 'ru' : 'uz');

/** A bot's answer in a chat: best effort, never retried (the customer can write again). */
async function reply(
  bot: TelegramBot,
  log: Pick<FastifyBaseLogger, 'warn'>,
  chatId: number,
  text: string,
): Promise<void> {
  try {
    await bot.sendMessage({ chatId, text });
  } catch (err) {
    log.warn({ err, chatId }, 'the bot could not answer in a chat');
  }
}

/** `/start payload`, `/start@bozor_bot payload`: the command and what follows it. */
function commandOf(text: string): { command: string; argument: string } | undefined {
  const match = /^\/([a-z]+)(?:@[A-Za-z0-9_]+)?(?:\s+(\S+))?\s*$/.exec(text.trim());
  if (!match) return undefined;
  return { command: match[1] ?? '', argument: match[2] ?? '' };
}

export interface UpdateDeps {
  db: Executor;
  bot: TelegramBot;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  now?: () => Date;
}

/**
 * One update from Telegram: `/start <token>` links the private chat to the token's customer and
 * answers in the customer's language; `/stop` unlinks it; anything else is answered with how to
 * link. Updates of other kinds (and of groups) are left alone. Answers what was done.
 */
export async function handleUpdate(
  deps: UpdateDeps,
  update: BotUpdate,
): Promise<'linked' | 'bad_token' | 'stopped' | 'answered' | 'ignored'> {
  const message = update.message;
  if (!message?.text || message.chat.type !== 'private' || message.from?.is_bot) return 'ignored';
  const chatId = message.chat.id;
  const lang = chatLang(message.from?.language_code);
  const command = commandOf(message.text);
  if (command?.command === 'start' && command.argument) {
    const tokenHash = hashToken(command.argument);
    const customerId = await repo.useToken(deps.db, tokenHash, clockOf(deps)());
    if (customerId === undefined) {
      // Telegram delivers an update again when the webhook's answer was lost: this chat already
      // linked with this token, and is told nothing new
      const linked = await repo.findLinkByChat(deps.db, chatId);
      if (linked && linked.customerId === (await repo.tokenOwner(deps.db, tokenHash))) {
        return 'linked';
      }
      await reply(deps.bot, deps.log, chatId, BOT_TEXTS.badToken[lang]);
      return 'bad_token';
    }
    await repo.link(deps.db, {
      customerId,
      chatId,
      username: message.from?.username ?? message.chat.username ?? null,
      firstName: message.from?.first_name ?? message.chat.first_name ?? null,
    });
    deps.log.info({ customerId }, 'a customer linked Telegram');
    const customer = await repo.findCustomer(deps.db, customerId);
    await reply(deps.bot, deps.log, chatId, BOT_TEXTS.linked[langOf(customer?.lang)]);
    return 'linked';
  }
  if (command?.command === 'stop') {
    const customerId = await repo.unlinkChat(deps.db, chatId);
    if (customerId === undefined) {
      await reply(deps.bot, deps.log, chatId, BOT_TEXTS.notLinked[lang]);
      return 'answered';
    }
    deps.log.info({ customerId }, 'a customer unlinked Telegram from the bot');
    const customer = await repo.findCustomer(deps.db, customerId);
    await reply(deps.bot, deps.log, chatId, BOT_TEXTS.stopped[langOf(customer?.lang)]);
    return 'stopped';
  }
  await reply(deps.bot, deps.log, chatId, BOT_TEXTS.hello[lang]);
  return 'answered';
}

/** Telegram says the customer blocked the bot (403): the chat is theirs no more. */
export function isBlocked(err: unknown): boolean {
  return err instanceof TelegramError && err.status === 403;
}
