import { dataOf, ErrorBody } from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import {
  type BotUpdate,
  SandboxTelegramBot,
  SandboxTelegramGateway,
  type TelegramGateway,
} from '../../providers/telegram/index.ts';
import * as repo from './repository.ts';
import { handleUpdate } from './service.ts';
import type { TelegramSetup } from './types.ts';

/** A message of the dev outbox, as the SMS beside it. */
export interface SandboxOutboxEntry {
  phone: string;
  text: string;
  sentAt: Date;
  channel: 'telegram';
}

/**
 * What the sandbox bot and gateway sent a phone, newest first, for the dev outbox beside its SMS:
 * the bot's messages to the customer's linked chat (a button's address after the text) and the
 * codes the gateway carried.
 */
export function sandboxOutbox(
  db: Executor,
  telegram: TelegramSetup | null,
  gateway: TelegramGateway | null,
): (phone: string) => Promise<SandboxOutboxEntry[]> {
  return async (phone) => {
    const entries: SandboxOutboxEntry[] = [];
    if (telegram?.bot instanceof SandboxTelegramBot) {
      const chatId = await repo.findChatOfPhone(db, phone);
      if (chatId !== undefined) {
        for (const m of telegram.bot.messages(chatId)) {
          const text = m.button ? `${m.text}\n[${m.button.text}: ${m.button.url}]` : m.text;
          entries.push({ phone, text, sentAt: m.sentAt, channel: 'telegram' });
        }
      }
    }
    if (gateway instanceof SandboxTelegramGateway) {
      for (const c of gateway.codes(phone)) {
        entries.push({
          phone,
          text: `Telegram Gateway: ${c.code}`,
          sentAt: c.sentAt,
          channel: 'telegram',
        });
      }
    }
    return entries.sort((a, b) => b.sentAt.getTime() - a.sentAt.getTime());
  };
}

const DevUpdate = z.object({
  /** The chat (and user) writing to the bot. */
  chat_id: z
    .number()
    .int()
    .min(1)
    .max(2 ** 52),
  text: z.string().min(1).max(4096),
  first_name: z.string().min(1).max(64).default('Sandbox'),
  username: z.string().min(1).max(32).optional(),
  language_code: z.string().min(2).max(10).optional(),
});

/**
 * The sandbox bot's chat for demos and journeys (development only): `POST /dev/telegram/updates`
 * is a customer writing to the bot (`/start <token>` from a deep link, `/stop`), handled as a
 * webhook's update would be.
 */
export function devTelegramRoutes(telegram: TelegramSetup): FastifyPluginAsyncZod {
  let updateId = 1;
  let messageId = 1;
  return async (app) => {
    app.post(
      '/dev/telegram/updates',
      {
        schema: {
          tags: ['dev'],
          summary: 'A message to the sandbox bot from a Telegram chat (development only)',
          body: DevUpdate,
          response: { 200: dataOf(z.object({ outcome: z.string() })), 400: ErrorBody },
        },
      },
      async (request) => {
        const body = request.body;
        const update: BotUpdate = {
          update_id: updateId++,
          message: {
            message_id: messageId++,
            date: Math.floor(Date.now() / 1000),
            text: body.text,
            chat: {
              id: body.chat_id,
              type: 'private',
              first_name: body.first_name,
              ...(body.username ? { username: body.username } : {}),
            },
            from: {
              id: body.chat_id,
              is_bot: false,
              first_name: body.first_name,
              ...(body.username ? { username: body.username } : {}),
              ...(body.language_code ? { language_code: body.language_code } : {}),
            },
          },
        };
        const outcome = await handleUpdate(
          { db: app.db, bot: telegram.bot, log: request.log },
          update,
        );
        return { data: { outcome } };
      },
    );
  };
}
