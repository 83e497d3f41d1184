import {
  AdminPromotion,
  dataOf,
  ErrorBody,
  IdParams,
  messageOf,
  PromotionAudience,
  PromotionBody,
  PromotionsQuery,
  pagedOf,
} from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, adminRoute } from '../../plugins/staff-auth.ts';
import * as promotions from './promotions.ts';

const tags = ['back office: promotions'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const MESSAGES = {
  created: { uz: 'Aksiya qoralama sifatida saqlandi', ru: 'Акция сохранена как черновик' },
  saved: { uz: 'Aksiya saqlandi', ru: 'Акция сохранена' },
  started: {
    uz: 'Aksiya yuborilmoqda: rozilik bergan mijozlarga qismlab boradi',
    ru: 'Акция отправляется: она уходит согласившимся клиентам частями',
  },
  waiting: {
    uz: 'Aksiya navbatda: 09:00 dan 21:00 gacha (Toshkent vaqti) yuboriladi',
    ru: 'Акция в очереди: отправка с 09:00 до 21:00 (по Ташкенту)',
  },
  already: {
    uz: 'Bu aksiya allaqachon yuborilgan: qayta yuborilmadi',
    ru: 'Эта акция уже отправлена: повторно не отправлялась',
  },
} as const;

/** The back office's promotions (docs/notifications.md "Promotions"). */
export const adminPromotionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/promotions',
    adminRoute('promotions.send', {
      schema: {
        tags,
        summary: 'Promotions, newest first, with their state and what each has sent per channel',
        querystring: PromotionsQuery,
        response: { 200: pagedOf(AdminPromotion), ...errors },
      },
    }),
    (request) => promotions.listPromotions(app.db, request.query.page, request.query.per_page),
  );

  app.post(
    '/promotions',
    adminRoute('promotions.send', {
      schema: {
        tags,
        summary: 'Writes a promotion as a draft: title and text in uz and ru, a page of the shop',
        body: PromotionBody,
        response: { 200: messageOf(AdminPromotion), ...errors },
      },
    }),
    async (request) => ({
      message: MESSAGES.created[request.lang],
      data: await promotions.createPromotion(app.db, actorOf(request), request.body),
    }),
  );

  app.patch(
    '/promotions/:id',
    adminRoute('promotions.send', {
      schema: {
        tags,
        summary: 'Changes a draft (409 once it is sent)',
        params: IdParams,
        body: PromotionBody,
        response: { 200: messageOf(AdminPromotion), ...errors, 404: ErrorBody, 409: ErrorBody },
      },
    }),
    async (request) => ({
      message: MESSAGES.saved[request.lang],
      data: await promotions.updatePromotion(
        app.db,
        actorOf(request),
        request.params.id,
        request.body,
      ),
    }),
  );

  app.get(
    '/promotions/:id/audience',
    adminRoute('promotions.send', {
      schema: {
        tags,
        summary:
          'Customers per channel the promotion would reach now (only those who turned promotions on there), its SMS, and when it would start',
        params: IdParams,
        response: { 200: dataOf(PromotionAudience), ...errors, 404: ErrorBody },
      },
    }),
    async (request) => ({
      data: await promotions.promotionAudience(app.db, request.params.id, app.clock.now()),
    }),
  );

  app.post(
    '/promotions/:id/send',
    adminRoute('promotions.send', {
      schema: {
        tags,
        summary:
          'Sends a draft through the job, in batches and in the sending hours; a promotion already sent is answered as it is, sent once',
        params: IdParams,
        response: { 200: messageOf(AdminPromotion), ...errors, 404: ErrorBody },
      },
    }),
    async (request) => {
      const { promotion, started } = await promotions.sendPromotion(
        app.db,
        actorOf(request),
        request.params.id,
        app.clock.now(),
      );
      const said = !started ? 'already' : promotion.waiting_until ? 'waiting' : 'started';
      return { message: MESSAGES[said][request.lang], data: promotion };
    },
  );
};
