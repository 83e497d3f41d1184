import {
  Card,
  CardAddBody,
  CardAdded,
  CardCodeBody,
  CardResendBody,
  dataOf,
  ErrorBody,
  IdParams,
  MessageBody,
  messageOf,
} from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerOf, customerRoute } from '../../plugins/auth.ts';
import { limitByCustomer } from '../../plugins/limits.ts';
import * as service from './service.ts';

const MESSAGES = {
  codeSent: {
    uz: 'Kartaga ulangan raqamga kod yuborildi',
    ru: 'Код отправлен на номер, привязанный к карте',
  },
  confirmed: { uz: "Karta qo'shildi", ru: 'Карта добавлена' },
  deleted: { uz: "Karta o'chirildi", ru: 'Карта удалена' },
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

/** A signed-in customer's bank cards: bound with a code the card's bank sends (DESIGN §2). */
export const cardRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({
    db: app.db,
    gateway: app.cardGateway,
    secret: app.authSecret,
    log: app.log,
  });

  app.get(
    '/cards',
    customerRoute({
      schema: {
        tags: ['cards'],
        summary: 'Confirmed cards, oldest first; numbers masked',
        response: { 200: dataOf(z.array(Card)), 401: ErrorBody },
      },
    }),
    async (request) => ({ data: await service.listCards(app.db, customerOf(request).id) }),
  );

  app.post(
    '/cards/add',
    customerRoute({
      preHandler: limitByCustomer(app, { name: 'card-add', max: 10, timeWindow: '1 hour' }),
      schema: {
        tags: ['cards'],
        summary: 'Registers a Uzcard or Humo card; its bank sends the holder a 6-digit code',
        body: CardAddBody,
        response: { 200: messageOf(CardAdded), ...errors },
      },
    }),
    async (request) => {
      const customer = customerOf(request);
      const data = await service.addCard(deps(), {
        customerId: customer.id,
        phone: customer.phone,
        number: request.body.card_number,
        expire: request.body.expire_date,
        lang: request.lang,
      });
      return { message: MESSAGES.codeSent[request.lang], data };
    },
  );

  app.post(
    '/cards/resend-code',
    customerRoute({
      preHandler: limitByCustomer(app, { name: 'card-resend', max: 10, timeWindow: '1 hour' }),
      schema: {
        tags: ['cards'],
        summary: 'A new code for a card waiting for one, not sooner than 60 s after the last',
        body: CardResendBody,
        response: { 200: messageOf(CardAdded), ...errors },
      },
    }),
    async (request) => {
      const data = await service.resendCardCode(deps(), {
        customerId: customerOf(request).id,
        cardId: request.body.card_id,
        lang: request.lang,
      });
      return { message: MESSAGES.codeSent[request.lang], data };
    },
  );

  app.post(
    '/cards/confirm',
    customerRoute({
      preHandler: limitByCustomer(app, { name: 'card-confirm', max: 30, timeWindow: '10 minutes' }),
      schema: {
        tags: ['cards'],
        summary: 'Confirms a card with its code (5 tries, 3 minutes)',
        body: CardCodeBody,
        response: { 200: messageOf(Card), ...errors },
      },
    }),
    async (request) => {
      const data = await service.confirmCard(deps(), {
        customerId: customerOf(request).id,
        cardId: request.body.card_id,
        otp: request.body.otp,
      });
      return { message: MESSAGES.confirmed[request.lang], data };
    },
  );

  app.delete(
    '/cards/:id',
    customerRoute({
      schema: {
        tags: ['cards'],
        summary: "Forgets one of the customer's cards",
        params: IdParams,
        response: {
          200: MessageBody,
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
        },
      },
    }),
    async (request) => {
      await service.deleteCard(deps(), customerOf(request).id, request.params.id);
      return { message: MESSAGES.deleted[request.lang] };
    },
  );
};
