import { Dashboard, dataOf, ErrorBody } from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../plugins/staff-auth.ts';
import { readDashboard } from './service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

/** The back office's first page: sales, the credit book and what waits for people. */
export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    adminRoute('orders.read', {
      schema: {
        tags: ['back office: orders'],
        summary: "Today's and this month's sales, installments' share, overdue and PAR30",
        response: { 200: dataOf(Dashboard), ...errors },
      },
    }),
    async () => ({ data: await readDashboard(app.db) }),
  );
};
