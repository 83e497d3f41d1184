import {
  AddToOrderBody,
  CalculatorBody,
  dataOf,
  ErrorBody,
  IdParams,
  LimitShortfall,
  messageOf,
  OrderDetail,
  OrderProducts,
  OrderSummary,
  OrdersQuery,
  PlacedOrder,
  PlaceOrderBody,
  PrepaymentBody,
  pagedOf,
  ReturnOrderBody,
  TariffQuote,
  TariffsQuery,
} from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerOf, customerRoute } from '../../plugins/auth.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import { limitByCustomer } from '../../plugins/limits.ts';
import * as advance from './advance.ts';
import * as checkout from './checkout.ts';
import { endOrder } from './ending.ts';
import * as quotes from './quotes.ts';
import * as reads from './reads.ts';
import { requestReturn } from './returns.ts';

const MESSAGES = {
  taken: { uz: "Mahsulotlar rasmiylashtirishga o'tkazildi", ru: 'Товары переданы в оформление' },
  placed: { uz: 'Buyurtma qabul qilindi', ru: 'Заказ принят' },
  prepayment: { uz: "Boshlang'ich to'lov o'zgartirildi", ru: 'Первоначальный взнос изменён' },
  cancelled: { uz: 'Buyurtma bekor qilindi', ru: 'Заказ отменён' },
  returnRequested: {
    uz: "Qaytarish so'rovi qabul qilindi. Uni ko'rib chiqib, sizga xabar beramiz",
    ru: 'Запрос на возврат принят. Мы рассмотрим его и сообщим вам',
  },
  advanced: { uz: "Buyurtma holati o'zgartirildi", ru: 'Статус заказа изменён' },
} as const;

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
/** A 422 of placing an order is either a rule's refusal or the limit's shortfall with its data. */
const placeErrors = {
  ...errors,
  409: ErrorBody,
  422: z.union([LimitShortfall, ErrorBody]),
  429: ErrorBody,
  503: ErrorBody,
};

/** Tariffs and the calculator (public), checkout and a signed-in customer's orders (DESIGN §2). */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({
    db: app.db,
    gateway: app.cardGateway,
    sms: app.sms,
    log: app.log,
    fiscalDelivery: app.fiscalDelivery,
  });

  app.get(
    '/orders/tariffs',
    {
      schema: {
        tags: ['orders'],
        summary: 'Every active tariff applied to an amount, shortest first',
        querystring: TariffsQuery,
        response: { 200: dataOf(z.array(TariffQuote)), 400: ErrorBody },
      },
    },
    async (request) => ({
      data: await quotes.quoteTariffs(app.db, { price: request.query.amount }),
    }),
  );

  app.post(
    '/calculator',
    {
      schema: {
        tags: ['orders'],
        summary: 'Monthly payment and total of a price less a prepayment, per active tariff',
        body: CalculatorBody,
        response: { 200: dataOf(z.array(TariffQuote)), 400: ErrorBody },
      },
    },
    async (request) => ({ data: await quotes.quoteTariffs(app.db, request.body) }),
  );

  app.post(
    '/baskets/add-to-order',
    customerRoute({
      schema: {
        tags: ['orders'],
        summary: 'Takes basket lines to checkout, replacing the lines taken before',
        body: AddToOrderBody,
        response: { 200: messageOf(OrderProducts), ...errors, 409: ErrorBody },
      },
    }),
    async (request) => ({
      message: MESSAGES.taken[request.lang],
      data: await quotes.addToOrder(app.db, customerOf(request).id, request.body.ids, request.lang),
    }),
  );

  app.get(
    '/order-products',
    customerRoute({
      schema: {
        tags: ['orders'],
        summary: 'The lines taken to checkout, priced now',
        response: { 200: dataOf(OrderProducts), 401: ErrorBody },
      },
    }),
    async (request) => ({
      data: await quotes.listOrderProducts(app.db, customerOf(request).id, request.lang),
    }),
  );

  app.post(
    '/orders',
    customerRoute(
      idempotent({
        preHandler: limitByCustomer(app, { name: 'order', max: 30, timeWindow: '1 hour' }),
        schema: {
          tags: ['orders'],
          summary:
            'Places the order of the checkout lines, paid in full or on installments (with its credit and schedule)',
          body: PlaceOrderBody,
          response: { 200: messageOf(PlacedOrder), ...placeErrors },
        },
      }),
    ),
    async (request) => ({
      message: MESSAGES.placed[request.lang],
      data: await checkout.placeOrder(
        app.db,
        customerOf(request).id,
        request.body,
        request.lang,
        app.clock.now(),
      ),
    }),
  );

  app.get(
    '/orders',
    customerRoute({
      schema: {
        tags: ['orders'],
        summary: "The customer's orders, newest first",
        querystring: OrdersQuery,
        response: { 200: pagedOf(OrderSummary), 400: ErrorBody, 401: ErrorBody },
      },
    }),
    async (request) =>
      reads.listOrders(app.db, customerOf(request).id, request.query, request.lang),
  );

  app.get(
    '/orders/:id',
    customerRoute({
      schema: {
        tags: ['orders'],
        summary: 'One order: goods, delivery, payments and what the customer may do with it',
        params: IdParams,
        response: { 200: dataOf(OrderDetail), ...errors },
      },
    }),
    async (request) => ({
      data: await reads.orderDetail(
        app.db,
        customerOf(request).id,
        request.params.id,
        request.lang,
      ),
    }),
  );

  app.post(
    '/orders/cancel/:id',
    customerRoute(
      idempotent({
        preHandler: limitByCustomer(app, { name: 'order-end', max: 30, timeWindow: '1 hour' }),
        schema: {
          tags: ['orders'],
          summary: 'Cancels an order before it is shipped: payments refunded, stock given back',
          params: IdParams,
          response: {
            200: messageOf(OrderDetail),
            ...errors,
            409: ErrorBody,
            422: ErrorBody,
            429: ErrorBody,
            503: ErrorBody,
          },
        },
      }),
    ),
    async (request) => ({
      message: MESSAGES.cancelled[request.lang],
      data: await endOrder(
        deps(),
        customerOf(request).id,
        request.params.id,
        'cancel',
        request.lang,
      ),
    }),
  );

  app.post(
    '/orders/return/:id',
    customerRoute(
      idempotent({
        preHandler: limitByCustomer(app, { name: 'order-end', max: 30, timeWindow: '1 hour' }),
        schema: {
          tags: ['orders'],
          summary:
            'Asks to return a delivered order: staff decide; accepted, the payments are refunded and the credit closed',
          params: IdParams,
          body: ReturnOrderBody,
          response: {
            200: messageOf(OrderDetail),
            ...errors,
            409: ErrorBody,
            422: ErrorBody,
            429: ErrorBody,
          },
        },
      }),
    ),
    async (request) => ({
      message: MESSAGES.returnRequested[request.lang],
      data: await requestReturn(
        deps(),
        customerOf(request).id,
        request.params.id,
        request.body?.reason || null,
        request.lang,
      ),
    }),
  );

  app.post(
    '/orders/prepayment/:id',
    customerRoute({
      preHandler: limitByCustomer(app, { name: 'prepayment', max: 30, timeWindow: '1 hour' }),
      schema: {
        tags: ['orders'],
        summary:
          'A new prepayment for an installment order whose contract is not signed: credit and schedule drawn again',
        params: IdParams,
        body: PrepaymentBody,
        response: { 200: messageOf(PlacedOrder), ...placeErrors },
      },
    }),
    async (request) => ({
      message: MESSAGES.prepayment[request.lang],
      data: await checkout.changePrepayment(
        app.db,
        customerOf(request).id,
        request.params.id,
        request.body.prepayment,
        request.lang,
      ),
    }),
  );
};

/**
 * Until a back office exists, moves an order to its next status (development only, beside the
 * sandbox outbox).
 */
export const devOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/dev/orders/:id/advance',
    {
      schema: {
        tags: ['dev'],
        summary:
          'Moves an order to its next status: confirmed → shipped → delivered → completed (development only)',
        params: IdParams,
        response: { 200: messageOf(OrderDetail), ...errors, 409: ErrorBody },
      },
    },
    async (request) => ({
      message: MESSAGES.advanced[request.lang],
      data: await advance.advanceOrder(app.db, request.params.id, request.lang),
    }),
  );
};
