import { dataOf, ErrorBody, Report, ReportQuery } from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../plugins/staff-auth.ts';
import { readReport } from './reports.ts';

/** The back office's reports (DESIGN §6b): each a chart over its table, by a range of days. */
export const adminReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports',
    adminRoute('reports.read', {
      schema: {
        tags: ['back office: reports'],
        summary:
          'Sales by day, category or brand, the tariffs, the average basket or returns, for Tashkent days from–to',
        querystring: ReportQuery,
        response: { 200: dataOf(Report), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    }),
    async (request) => ({ data: await readReport(app.db, request.query, request.lang) }),
  );
};
