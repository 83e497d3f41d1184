import { dataOf, ErrorBody, OutboxMessage, PhoneInput } from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LogSmsProvider } from '../../providers/sms/index.ts';

/**
 * The sandbox SMS outbox, for demos and browser tests that must read a code. Registered only
 * with the log provider outside production.
 */
export function devRoutes(outbox: LogSmsProvider): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dev/outbox',
      {
        schema: {
          tags: ['dev'],
          summary: 'Latest sandbox SMS texts sent to a phone, newest first (development only)',
          querystring: z.object({ phone: PhoneInput }),
          response: { 200: dataOf(z.array(OutboxMessage)), 400: ErrorBody },
        },
      },
      async (request) => ({
        data: outbox.outbox(request.query.phone).map((m) => ({
          phone: m.phone,
          text: m.text,
          sent_at: m.sentAt.toISOString(),
        })),
      }),
    );
  };
}
