import { ErrorBody, IdParams, messageOf } from '@bozor/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { creditInstallments, credits } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/errors.ts';

const AgeBody = z.object({ days: z.number().int().min(1).max(400) });

/**
 * Moves a credit's calendar back by some days, as if that much time had passed since it was
 * signed: its schedule falls due earlier, so late installments, the aging buckets and the
 * collections queue can be tried without waiting (development only, beside the order advance).
 */
export const devCreditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/dev/credits/:id/age',
    {
      schema: {
        tags: ['dev'],
        summary: "Moves a credit's schedule and dates back by `days` (development only)",
        params: IdParams,
        body: AgeBody,
        response: {
          200: messageOf(z.object({ id: z.number().int() })),
          400: ErrorBody,
          404: ErrorBody,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { days } = request.body;
      await inTransaction(app.db, async (tx) => {
        const moved = await tx
          .update(credits)
          .set({ createdAt: sql`${credits.createdAt} - make_interval(days => ${days})` })
          .where(eq(credits.id, id))
          .returning({ id: credits.id });
        if (moved.length === 0) throw notFound('CREDIT_NOT_FOUND');
        await tx
          .update(creditInstallments)
          .set({ dueDate: sql`${creditInstallments.dueDate} - ${days}::int` })
          .where(eq(creditInstallments.creditId, id));
      });
      const message = {
        uz: `${id}-sonli muddatli to'lov ${days} kunga eskirdi`,
        ru: `Рассрочка №${id} состарена на ${days} дн.`,
      };
      return { message: message[request.lang], data: { id } };
    },
  );
};
