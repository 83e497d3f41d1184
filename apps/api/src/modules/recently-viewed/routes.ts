import { dataOf, ErrorBody, ProductSummary, RecentlyViewedBody } from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerOf, customerRoute } from '../../plugins/auth.ts';
import * as service from './service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody };

/** The products a signed-in customer opened last (docs/notifications.md, "Recently viewed"). */
export const recentlyViewedRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['recently viewed'];
  app.get(
    '/clients/recently-viewed',
    customerRoute({
      schema: {
        tags,
        summary: 'The last 20 products the customer opened, newest first',
        response: { 200: dataOf(z.array(ProductSummary)), ...errors },
      },
    }),
    async (request) => ({
      data: await service.listViewed(app.db, customerOf(request).id, request.lang),
    }),
  );

  app.post(
    '/clients/recently-viewed',
    customerRoute({
      schema: {
        tags,
        summary:
          "Adds products opened (newest first: one just opened, or the browser's list at sign-in); answers the list",
        body: RecentlyViewedBody,
        response: { 200: dataOf(z.array(ProductSummary)), ...errors },
      },
    }),
    async (request) => ({
      data: await service.addViewed(app.db, customerOf(request).id, request.body, request.lang),
    }),
  );
};
