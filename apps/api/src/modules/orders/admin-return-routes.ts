import {
  AcceptReturnBody,
  AdminReturnRow,
  AdminReturnsQuery,
  dataOf,
  ErrorBody,
  IdParams,
  pagedOf,
  RejectReturnBody,
} from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, adminRoute } from '../../plugins/staff-auth.ts';
import * as returns from './returns.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const tags = ['back office: returns'];

/** Return requests: the queue, and staff's decision on each (DESIGN §6b). */
export const adminReturnRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (request: { log: typeof app.log }) => ({
    db: app.db,
    gateway: app.cardGateway,
    sms: app.sms,
    log: request.log,
  });

  app.get(
    '/returns',
    adminRoute('orders.read', {
      schema: {
        tags,
        summary: 'Return requests by status: waiting ones the longest waiting first',
        querystring: AdminReturnsQuery,
        response: { 200: pagedOf(AdminReturnRow), ...errors },
      },
    }),
    async (request) => returns.listReturns(app.db, request.query),
  );

  app.post(
    '/returns/:id/accept',
    adminRoute('orders.write', {
      schema: {
        tags,
        summary:
          'Accepts a return: the order is returned, its payments refunded, its credit closed',
        params: IdParams,
        body: AcceptReturnBody,
        response: { 200: dataOf(AdminReturnRow), ...errors, 404: ErrorBody, 409: ErrorBody },
      },
    }),
    async (request) => ({
      data: await returns.acceptReturn(
        deps(request),
        request.params.id,
        request.body?.note ?? null,
        request.lang,
        actorOf(request),
      ),
    }),
  );

  app.post(
    '/returns/:id/reject',
    adminRoute('orders.write', {
      schema: {
        tags,
        summary: 'Rejects a return with a reason the customer reads; the order stays as it is',
        params: IdParams,
        body: RejectReturnBody,
        response: { 200: dataOf(AdminReturnRow), ...errors, 404: ErrorBody, 409: ErrorBody },
      },
    }),
    async (request) => ({
      data: await returns.rejectReturn(
        deps(request),
        request.params.id,
        request.body.reason,
        actorOf(request),
      ),
    }),
  );
};
