import { dataOf, ErrorBody, OutboxMessage, PhoneInput } from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LogSmsProvider } from '../../providers/sms/index.ts';

/** An outbox entry; `channel` only on a Telegram message (the sandbox bot's or gateway's). */
const DevOutboxMessage = OutboxMessage.extend({ channel: z.literal('telegram').optional() });

/** What another channel's sandbox sent a phone (Telegram), shown beside its SMS. */
export type OtherChannels = (
  phone: string,
) => Promise<{ phone: string; text: string; sentAt: Date; channel: 'telegram' }[]>;

/**
 * The sandbox SMS outbox, for demos and browser tests that must read a code, with the Telegram
 * sandbox's messages beside the SMS, newest first. Registered only with the log provider outside
 * production.
 */
export function devRoutes(
  outbox: LogSmsProvider,
  otherChannels: OtherChannels = async () => [],
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dev/outbox',
      {
        schema: {
          tags: ['dev'],
          summary:
            'Latest sandbox SMS and Telegram texts sent to a phone, newest first (development only)',
          querystring: z.object({ phone: PhoneInput }),
          response: { 200: dataOf(z.array(DevOutboxMessage)), 400: ErrorBody },
        },
      },
      async (request) => {
        const sms = outbox.outbox(request.query.phone).map((m) => ({ ...m, channel: undefined }));
        const others = await otherChannels(request.query.phone);
        const all = others.length === 0 ? sms : [...sms, ...others];
        if (others.length > 0) all.sort((a, b) => b.sentAt.getTime() - a.sentAt.getTime());
        return {
          data: all.map((m) => ({
            phone: m.phone,
            text: m.text,
            sent_at: m.sentAt.toISOString(),
            ...(m.channel ? { channel: m.channel } : {}),
          })),
        };
      },
    );
  };
}

const ClockAnswer = z.object({ offset_ms: z.number().int(), now: z.string() });
/** At most a year either way: enough for any schedule a journey checks. */
const YEAR_MS = 366 * 24 * 60 * 60 * 1000;

/**
 * The app's clock for journeys: move "now" of the shop's schedules (home banners' dates) and set
 * it back. Registered only outside production.
 */
export const devClockRoutes: FastifyPluginAsyncZod = async (app) => {
  const answer = () => ({
    data: { offset_ms: app.clock.offsetMs, now: app.clock.now().toISOString() },
  });

  app.post(
    '/dev/clock',
    {
      schema: {
        tags: ['dev'],
        summary:
          'Moves "now" of the banner schedule by offset_ms from the real clock (development only)',
        body: z.object({ offset_ms: z.number().int().min(-YEAR_MS).max(YEAR_MS) }),
        response: { 200: dataOf(ClockAnswer), 400: ErrorBody },
      },
    },
    async (request) => {
      app.clock.shift(request.body.offset_ms);
      return answer();
    },
  );

  app.delete(
    '/dev/clock',
    {
      schema: {
        tags: ['dev'],
        summary: 'Sets "now" of the banner schedule back to the real clock (development only)',
        response: { 200: dataOf(ClockAnswer) },
      },
    },
    async () => {
      app.clock.reset();
      return answer();
    },
  );
};
