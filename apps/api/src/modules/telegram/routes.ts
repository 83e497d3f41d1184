import { createHash, timingSafeEqual } from 'node:crypto';
import { dataOf, ErrorBody, TelegramDeepLink, TelegramLink } from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { customerOf, customerRoute } from '../../plugins/auth.ts';
import { limitBy } from '../../plugins/limits.ts';
import type { BotUpdate } from '../../providers/telegram/index.ts';
import * as service from './service.ts';

/** The header Telegram sends each webhook update with: the secret_token given to setWebhook. */
export const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

const authErrors = { 401: ErrorBody };

/** Equal in constant time whatever the lengths (both are hashed to 32 bytes first). */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b) && given.length === expected.length;
}

/** The profile's Telegram: its state, a deep link to link it, and unlinking. */
export const telegramRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, telegram: app.telegram, log: app.log });

  app.get(
    '/clients/telegram',
    customerRoute({
      schema: {
        tags: ['telegram'],
        summary: "Whether the shop has a bot, and whether the customer's Telegram is linked",
        response: { 200: dataOf(TelegramLink), ...authErrors },
      },
    }),
    async (request) => ({ data: await service.linkState(deps(), customerOf(request).id) }),
  );

  app.post(
    '/clients/telegram/link',
    customerRoute({
      preHandler: limitBy(app, {
        name: 'telegram-link',
        max: 20,
        timeWindow: '1 hour',
        key: (request) => String(request.customer?.id ?? request.ip),
      }),
      schema: {
        tags: ['telegram'],
        summary: `A one-time deep link to the bot, good for ${service.LINK_TOKEN_MINUTES} minutes`,
        response: { 200: dataOf(TelegramDeepLink), 404: ErrorBody, 429: ErrorBody, ...authErrors },
      },
    }),
    async (request) => ({ data: await service.createDeepLink(deps(), customerOf(request).id) }),
  );

  app.delete(
    '/clients/telegram',
    customerRoute({
      schema: {
        tags: ['telegram'],
        summary: "Unlinks the customer's Telegram",
        response: { 200: dataOf(TelegramLink), ...authErrors },
      },
    }),
    async (request) => ({ data: await service.unlink(deps(), customerOf(request).id) }),
  );
};

/** Telegram's Update as the webhook takes it: an update_id and whatever else Telegram sent. */
const UpdateBody = z.looseObject({ update_id: z.number().int() });

/**
 * Where Telegram posts the bot's updates (TELEGRAM_MODE=webhook): only with the secret token
 * setWebhook gave it in X-Telegram-Bot-Api-Secret-Token (401 without it, 403 with another).
 */
export const telegramWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/telegram/webhook',
    {
      schema: {
        tags: ['telegram'],
        summary: "Telegram's updates to the bot (with the webhook's secret token)",
        body: UpdateBody,
        response: {
          200: z.object({ ok: z.boolean() }),
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
        },
      },
      // the secret is checked before the body is read and validated
      onRequest: async (request) => {
        const telegram = app.telegram;
        if (telegram?.mode !== 'webhook') throw new AppError('ROUTE_NOT_FOUND', 404);
        const given = request.headers[SECRET_HEADER];
        if (typeof given !== 'string' || given.length === 0) {
          throw new AppError('TELEGRAM_SECRET_MISSING', 401);
        }
        if (!sameSecret(given, telegram.webhookSecret)) {
          throw new AppError('TELEGRAM_SECRET_WRONG', 403);
        }
      },
    },
    async (request) => {
      // onRequest let only the webhook mode through
      const telegram = app.telegram!;
      await service.handleUpdate(
        { db: app.db, bot: telegram.bot, log: request.log },
        request.body as BotUpdate,
      );
      return { ok: true };
    },
  );
};
