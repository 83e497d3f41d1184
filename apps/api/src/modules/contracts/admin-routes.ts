import { ContractDocument, dataOf, ErrorBody, IdParams } from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../plugins/staff-auth.ts';
import { PDF_ANSWER, PdfQuery, sendContractPdf } from './pdf.ts';
import { getContractForStaff } from './service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const tags = ['back office: credits'];

/**
 * A credit's contract for staff, as its customer reads it and as a PDF. Reading a contract is not
 * a write: no audit row, as for the rest of the credit.
 */
export const adminContractRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, late: app.creditRules, seller: app.seller });

  app.get(
    '/credits/:id/contract',
    adminRoute('credits.read', {
      schema: {
        tags,
        summary: "The credit's contract as its customer reads it, in the lang header's language",
        params: IdParams,
        response: { 200: dataOf(ContractDocument), ...errors, 404: ErrorBody },
      },
    }),
    async (request) => ({
      data: await getContractForStaff(deps(), { creditId: request.params.id, lang: request.lang }),
    }),
  );

  app.get(
    '/credits/:id/contract.pdf',
    adminRoute('credits.read', {
      schema: {
        tags,
        summary: 'The same contract as a PDF download, in `lang` (the lang header when absent)',
        params: IdParams,
        querystring: PdfQuery,
        response: { 200: PDF_ANSWER, ...errors, 404: ErrorBody },
      },
    }),
    async (request, reply) => {
      const lang = request.query.lang ?? request.lang;
      const document = await getContractForStaff(deps(), { creditId: request.params.id, lang });
      return sendContractPdf(reply, document, lang);
    },
  );
};
