import {
  Banner,
  Branch,
  ContentPage,
  dataOf,
  ErrorBody,
  PartnerApplicationBody,
  Question,
  ReceivedPartnerApplication,
  SlugParams,
} from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitByIp } from '../../plugins/limits.ts';
import * as service from './service.ts';

const PARTNER_MESSAGES = {
  uz: 'Ariza muvaffaqiyatli yuborildi',
  ru: 'Заявка успешно отправлена',
} as const;

/** The shop's pages, home-page content and the become-a-partner form. */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/contents/:slug',
    {
      schema: {
        tags: ['content'],
        summary: 'A page of text (offer, delivery, return, licence, rules); HTML is sanitised',
        params: SlugParams,
        response: { 200: dataOf(ContentPage), 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => ({
      data: await service.getContentPage(app.db, request.params.slug, request.lang),
    }),
  );

  app.get(
    '/banners',
    {
      schema: {
        tags: ['content'],
        summary: 'Home-page banners switched on whose dates include now (never kept in the cache)',
        response: { 200: dataOf(z.array(Banner)) },
      },
    },
    async (request, reply) => {
      // answered fresh each time: a banner's start or end makes an earlier answer wrong
      reply.header('cache-control', 'no-cache');
      return { data: await service.getBanners(app.db, request.lang, app.clock.now()) };
    },
  );

  app.get(
    '/questions',
    {
      schema: {
        tags: ['content'],
        summary: 'Frequently asked questions',
        response: { 200: dataOf(z.array(Question)) },
      },
    },
    async (request) => ({ data: await service.getQuestions(app.db, request.lang) }),
  );

  app.get(
    '/branches',
    {
      schema: {
        tags: ['content'],
        summary: 'Pick-up points and offices',
        response: { 200: dataOf(z.array(Branch)) },
      },
    },
    async (request) => ({ data: await service.getBranches(app.db, request.lang) }),
  );

  app.post(
    '/partners',
    {
      preHandler: limitByIp(app, { name: 'partners-ip', max: 5, timeWindow: '1 hour' }),
      schema: {
        tags: ['content'],
        summary: 'Apply to sell on Bozor',
        body: PartnerApplicationBody,
        response: {
          201: ReceivedPartnerApplication,
          400: ErrorBody,
          429: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const created = await service.submitPartnerApplication(app.db, request.body, {
        lang: request.lang,
        ip: request.ip,
      });
      return reply.code(201).send({ message: PARTNER_MESSAGES[request.lang], data: created });
    },
  );
};
