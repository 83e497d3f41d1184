import {
  ContractCodeSent,
  ContractDocument,
  ContractSignBody,
  CreditDetail,
  dataOf,
  ErrorBody,
  IdParams,
  messageOf,
} from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerOf, customerRoute } from '../../plugins/auth.ts';
import { limitByCustomer } from '../../plugins/limits.ts';
import { PDF_ANSWER, PdfQuery, sendContractPdf } from './pdf.ts';
import * as service from './service.ts';

const MESSAGES = {
  codeSent: {
    uz: 'Shartnomani imzolash kodi telefoningizga yuborildi',
    ru: 'Код для подписания договора отправлен на ваш телефон',
  },
  signed: {
    uz: "Shartnoma imzolandi. Muddatli to'lov faollashtirildi",
    ru: 'Договор подписан. Рассрочка оформлена',
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

/** The installment contract of a credit: read it, download it, sign it with an SMS code. */
export const contractRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({
    db: app.db,
    sms: app.sms,
    secret: app.authSecret,
    late: app.creditRules,
    seller: app.seller,
  });

  app.get(
    '/credits/:id/contract',
    customerRoute({
      schema: {
        tags: ['credits'],
        summary:
          'The contract in the lang header’s language: drawn anew until signed, then as signed',
        params: IdParams,
        response: { 200: dataOf(ContractDocument), 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    }),
    async (request) => ({
      data: await service.getContract(deps(), {
        customerId: customerOf(request).id,
        creditId: request.params.id,
        lang: request.lang,
      }),
    }),
  );

  app.get(
    '/credits/:id/contract.pdf',
    customerRoute({
      schema: {
        tags: ['credits'],
        summary: 'The same contract as a PDF, in `lang` (the lang header when absent)',
        params: IdParams,
        querystring: PdfQuery,
        response: {
          200: PDF_ANSWER,
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
        },
      },
    }),
    async (request, reply) => {
      const lang = request.query.lang ?? request.lang;
      const document = await service.getContract(deps(), {
        customerId: customerOf(request).id,
        creditId: request.params.id,
        lang,
      });
      return sendContractPdf(reply, document, lang);
    },
  );

  app.post(
    '/credits/:id/contract/send-code',
    customerRoute({
      preHandler: limitByCustomer(app, { name: 'contract-code', max: 10, timeWindow: '1 hour' }),
      schema: {
        tags: ['credits'],
        summary: 'Sends a 6-digit code to sign the contract (3 minutes, 5 tries; again after 60 s)',
        params: IdParams,
        response: { 200: messageOf(ContractCodeSent), ...errors },
      },
    }),
    async (request) => {
      const data = await service.sendSigningCode(deps(), {
        customerId: customerOf(request).id,
        creditId: request.params.id,
        lang: request.lang,
      });
      return { message: MESSAGES.codeSent[request.lang], data };
    },
  );

  app.post(
    '/credits/confirm/:id',
    customerRoute({
      preHandler: limitByCustomer(app, {
        name: 'contract-confirm',
        max: 30,
        timeWindow: '10 minutes',
      }),
      schema: {
        tags: ['credits'],
        summary: 'Signs the contract with its SMS code: the credit becomes active',
        params: IdParams,
        body: ContractSignBody,
        response: { 200: messageOf(CreditDetail), ...errors },
      },
    }),
    async (request) => {
      const data = await service.signContract(deps(), {
        customerId: customerOf(request).id,
        creditId: request.params.id,
        otp: request.body.otp,
        lang: request.lang,
      });
      return { message: MESSAGES.signed[request.lang], data };
    },
  );
};
