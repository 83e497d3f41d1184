import {
  Banner,
  Branch,
  ContentPage,
  dataOf,
  ErrorBody,
  IdOrSlug,
  PartnerApplicationBody,
  Question,
} from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
        params: z.object({ slug: IdOrSlug }),
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
        summary: 'Home-page banners',
        response: { 200: dataOf(z.array(Banner)) },
      },
    },
    async (request) => ({ data: await service.getBanners(app.db, request.lang) }),
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
      config: { rateLimit: { max: 5, timeWindow: '1 hour' } },
      schema: {
        tags: ['content'],
        summary: 'Apply to sell on Bozor',
        body: PartnerApplicationBody,
        response: {
          201: z.object({ message: z.string(), data: z.object({ id: z.number().int() }) }),
          400: ErrorBody,
          429: ErrorBody,
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
