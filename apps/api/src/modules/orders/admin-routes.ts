import {
  AdminOrderDetail,
  AdminOrderRow,
  AdminOrdersQuery,
  CancelOrderBody,
  dataOf,
  ErrorBody,
  IdParams,
  OrderActionBody,
  pagedOf,
  tashkentDay,
} from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.ts';
import { actorOf, adminRoute } from '../../plugins/staff-auth.ts';
import { adminReportRoutes } from './admin-report-routes.ts';
import { adminReturnRoutes } from './admin-return-routes.ts';
import { endOrder } from './ending.ts';
import * as fulfilment from './fulfilment.ts';
import { orderOwner } from './repository.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const tags = ['back office: orders'];

/** The order queue and the steps staff take to bring an order to the door (DESIGN §6b). */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(adminReturnRoutes);
  await app.register(adminReportRoutes);

  app.get(
    '/orders',
    adminRoute('orders.read', {
      schema: {
        tags,
        summary: 'Orders, newest first, by status, payment, delivery, lateness, number or phone',
        querystring: AdminOrdersQuery,
        response: { 200: pagedOf(AdminOrderRow), ...errors },
      },
    }),
    async (request) =>
      fulfilment.listAdminOrders(app.db, request.query, request.lang, tashkentDay(app.clock.now())),
  );

  app.get(
    '/orders/:id',
    adminRoute('orders.read', {
      schema: {
        tags,
        summary: 'One order: lines, delivery, payments, credit, customer and history',
        params: IdParams,
        response: { 200: dataOf(AdminOrderDetail), ...errors, 404: ErrorBody },
      },
    }),
    async (request) => ({
      data: await fulfilment.adminOrderDetail(
        app.db,
        request.params.id,
        request.lang,
        tashkentDay(app.clock.now()),
      ),
    }),
  );

  app.post(
    '/orders/:id/actions',
    adminRoute('orders.write', {
      schema: {
        tags,
        summary: 'Moves an order one step on: pack, hand to courier, deliver, ready, picked up',
        params: IdParams,
        body: OrderActionBody,
        response: { 200: dataOf(AdminOrderDetail), ...errors, 404: ErrorBody, 409: ErrorBody },
      },
    }),
    async (request) => {
      const deps = { db: app.db, gateway: app.cardGateway, sms: app.sms, log: request.log };
      await fulfilment.takeAction(deps, request.params.id, request.body, actorOf(request));
      return { data: await fulfilment.adminOrderDetail(app.db, request.params.id, request.lang) };
    },
  );

  app.post(
    '/orders/:id/cancel',
    adminRoute('orders.write', {
      schema: {
        tags,
        summary: 'Cancels an order before it ships, with a reason; paid money is refunded',
        params: IdParams,
        body: CancelOrderBody,
        response: { 200: dataOf(AdminOrderDetail), ...errors, 404: ErrorBody, 409: ErrorBody },
      },
    }),
    async (request) => {
      const deps = { db: app.db, gateway: app.cardGateway, sms: app.sms, log: request.log };
      const { id } = request.params;
      const customerId = await orderOwner(app.db, id);
      if (customerId === undefined) throw notFound('ORDER_NOT_FOUND');
      await endOrder(deps, customerId, id, 'cancel', request.lang, {
        actor: actorOf(request),
        reason: request.body.reason,
      });
      return { data: await fulfilment.adminOrderDetail(app.db, id, request.lang) };
    },
  );
};
