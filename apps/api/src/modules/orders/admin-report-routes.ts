import { dataOf, ErrorBody, Report, ReportQuery } from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminRoute } from '../../plugins/staff-auth.ts';
import { readReport, reportCsv } from './reports.ts';

const tags = ['back office: reports'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

/** The back office's reports (DESIGN §6b): each a chart over its table, by a range of days. */
export const adminReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports',
    adminRoute('reports.read', {
      schema: {
        tags,
        summary:
          'Sales by day, category or brand, the tariffs, the average basket or returns, for Tashkent days from–to',
        querystring: ReportQuery,
        response: { 200: dataOf(Report), ...errors },
      },
    }),
    async (request) => ({ data: await readReport(app.db, request.query, request.lang) }),
  );

  app.get(
    '/reports.csv',
    adminRoute('reports.read', {
      schema: {
        tags,
        summary:
          "A report as a CSV file to save (UTF-8 with a byte order mark, comma-separated, headings in the caller's language, the totals last)",
        querystring: ReportQuery,
        response: { 200: z.string(), ...errors },
      },
    }),
    async (request, reply) => {
      const report = await readReport(app.db, request.query, request.lang);
      const { kind, from, to } = request.query;
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="bozor-${kind}-${from}-${to}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(reportCsv(report, request.lang));
    },
  );
};
