import {
  CreditCardBody,
  CreditDetail,
  CreditSummary,
  CreditsQuery,
  dataOf,
  EarlyRepaymentPreview,
  EarlyRepaymentPreviewBody,
  ErrorBody,
  IdParams,
  messageOf,
  pagedOf,
  tashkentDay,
} from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerOf, customerRoute } from '../../plugins/auth.ts';
import * as service from './service.ts';

/** A customer's installment purchases: the list and one credit with its schedule (DESIGN §2). */
export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  const clock = () => ({
    today: tashkentDay(new Date()),
    graceDays: app.creditRules.graceDays,
  });

  app.get(
    '/credits',
    customerRoute({
      schema: {
        tags: ['credits'],
        summary: "The customer's credits, newest first",
        querystring: CreditsQuery,
        response: { 200: pagedOf(CreditSummary), 400: ErrorBody, 401: ErrorBody },
      },
    }),
    async (request) =>
      service.listCredits(app.db, customerOf(request).id, request.query, clock(), request.lang),
  );

  app.get(
    '/credits/:id',
    customerRoute({
      schema: {
        tags: ['credits'],
        summary: 'One credit with its schedule, payments, goods and autopay card',
        params: IdParams,
        response: { 200: dataOf(CreditDetail), 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    }),
    async (request) => ({
      data: await service.readCredit(
        app.db,
        customerOf(request).id,
        request.params.id,
        clock(),
        request.lang,
      ),
    }),
  );

  app.post(
    '/credits/:id/early-repayment/preview',
    customerRoute({
      schema: {
        tags: ['credits'],
        summary:
          'What a payment of an amount with a mode would do to the schedule, nothing paid: what is due first, the rest early',
        params: IdParams,
        body: EarlyRepaymentPreviewBody,
        response: {
          200: dataOf(EarlyRepaymentPreview),
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
        },
      },
    }),
    async (request) => ({
      data: await service.previewEarlyRepayment(
        app.db,
        customerOf(request).id,
        request.params.id,
        request.body,
        clock(),
        request.lang,
      ),
    }),
  );

  app.put(
    '/credits/:id/card',
    customerRoute({
      schema: {
        tags: ['credits'],
        summary: "Moves an open credit's autopay to another of the customer's confirmed cards",
        params: IdParams,
        body: CreditCardBody,
        response: {
          200: messageOf(CreditDetail),
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
        },
      },
    }),
    async (request) =>
      service.changeAutopayCard(
        app.db,
        customerOf(request).id,
        request.params.id,
        request.body.card_id,
        clock(),
        request.lang,
      ),
  );
};
