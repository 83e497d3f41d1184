import {
  CardPathParams,
  CreditPaymentBody,
  dataOf,
  ErrorBody,
  IdParams,
  type Lang,
  messageOf,
  PaymentResult,
} from '@bozor/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerOf, customerRoute } from '../../plugins/auth.ts';
import { idempotencyKeyOf, idempotent } from '../../plugins/idempotency.ts';
import { limitByCustomer } from '../../plugins/limits.ts';
import { declineOf } from '../../providers/payments/index.ts';
import type { DebitOutcome } from './debit.ts';
import * as service from './service.ts';

const MESSAGES = {
  paid: { uz: "To'lov qabul qilindi", ru: 'Платёж принят' },
  checking: {
    uz: "To'lov tekshirilmoqda. Natijasi bir necha daqiqada ma'lum bo'ladi",
    ru: 'Платёж проверяется. Результат будет известен через несколько минут',
  },
} as const;

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
  503: ErrorBody,
};

/** A refused debit answers 422 with the card's reason; a lost answer is 200 'checking'. */
function answer(outcome: DebitOutcome, lang: Lang) {
  const { payment } = outcome;
  const decline =
    outcome.decline ?? (payment.state === 'failed' ? declineOf(payment.declineCode) : null);
  if (decline) throw decline;
  return {
    message: MESSAGES[payment.state === 'checking' ? 'checking' : 'paid'][lang],
    data: service.toPaymentResult(payment, lang),
  };
}

/** Paying for orders and credits by card (DESIGN §2, §4): every debit under its own key. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({
    db: app.db,
    gateway: app.cardGateway,
    sms: app.sms,
    log: app.log,
    fiscalDelivery: app.fiscalDelivery,
  });
  const payLimit = () => limitByCustomer(app, { name: 'pay', max: 30, timeWindow: '10 minutes' });
  const payer = (request: FastifyRequest) => ({
    customerId: customerOf(request).id,
    gatewayKey: idempotencyKeyOf(request),
  });

  app.post(
    '/orders/payment/:id/:cardId',
    customerRoute(
      idempotent({
        preHandler: payLimit(),
        schema: {
          tags: ['payments'],
          summary: 'Pays a new order bought outright, in full, from one of the customer’s cards',
          params: CardPathParams,
          response: { 200: messageOf(PaymentResult), ...errors },
        },
      }),
    ),
    async (request) => {
      const outcome = await service.payOrderInFull(deps(), {
        ...payer(request),
        orderId: request.params.id,
        cardId: request.params.cardId,
      });
      return answer(outcome, request.lang);
    },
  );

  app.post(
    '/credits/first-payment/:id/:cardId',
    customerRoute(
      idempotent({
        preHandler: payLimit(),
        schema: {
          tags: ['payments'],
          summary: 'Pays the prepayment of an installment order whose contract is signed',
          params: CardPathParams,
          response: { 200: messageOf(PaymentResult), ...errors },
        },
      }),
    ),
    async (request) => {
      const outcome = await service.payFirstPayment(deps(), {
        ...payer(request),
        creditId: request.params.id,
        cardId: request.params.cardId,
      });
      return answer(outcome, request.lang);
    },
  );

  app.post(
    '/credits/payment/:id',
    customerRoute(
      idempotent({
        preHandler: payLimit(),
        schema: {
          tags: ['payments'],
          summary:
            'Pays part of a credit or all of it early (no extra charge): installments oldest first, or with `mode` what is due first and the rest by the mode',
          params: IdParams,
          body: CreditPaymentBody,
          response: { 200: messageOf(PaymentResult), ...errors },
        },
      }),
    ),
    async (request) => {
      const outcome = await service.payCredit(deps(), {
        ...payer(request),
        creditId: request.params.id,
        cardId: request.body.card_id,
        amount: request.body.amount,
        mode: request.body.mode,
        lang: request.lang,
      });
      return answer(outcome, request.lang);
    },
  );

  app.get(
    '/payments/:id',
    customerRoute({
      // the storefront asks every 2 s while a payment is checking; the gateway is asked at most
      // every few seconds per payment whoever asks (`recheckPayment`)
      preHandler: limitByCustomer(app, { name: 'payment-read', max: 120, timeWindow: '1 minute' }),
      schema: {
        tags: ['payments'],
        summary:
          'A payment; one still checking is asked about at the card gateway (its stored receipt) first',
        params: IdParams,
        response: {
          200: dataOf(PaymentResult),
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
          429: ErrorBody,
          503: ErrorBody,
        },
      },
    }),
    async (request) => ({
      data: await service.readPayment(
        deps(),
        customerOf(request).id,
        request.params.id,
        request.lang,
      ),
    }),
  );
};
