import {
  AdminCreditDetail,
  CashPayment,
  CashPaymentBody,
  CollectionRow,
  CollectionsQuery,
  ContactBody,
  ContractDocument,
  CreditContact,
  dataOf,
  ErrorBody,
  IdParams,
  messageOf,
  Portfolio,
  pagedOf,
} from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyKeyOf, idempotent } from '../../plugins/idempotency.ts';
import { actorOf, adminRoute } from '../../plugins/staff-auth.ts';
import { PDF_ANSWER, PdfQuery, sendContractPdf } from '../contracts/pdf.ts';
import { getContractForStaff } from '../contracts/service.ts';
import { creditCustomer, payCreditInCash } from '../payments/cash.ts';
import * as collections from './collections.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const tags = ['back office: credits'];
const CASH_TAKEN = { uz: "Naqd to'lov qabul qilindi", ru: 'Оплата наличными принята' } as const;
const CONTACT_LOGGED = { uz: "Qo'ng'iroq yozib qo'yildi", ru: 'Звонок записан' } as const;

/** The credit portfolio and collections: who is late, by how much, and the calls made. */
export const adminCreditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/credits/portfolio',
    adminRoute('credits.read', {
      schema: {
        tags,
        summary: 'Credits by status, the sums owed and late, aging buckets and PAR30',
        response: { 200: dataOf(Portfolio), ...errors },
      },
    }),
    async () => ({ data: await collections.readPortfolio(app.db) }),
  );

  app.get(
    '/collections',
    adminRoute('credits.read', {
      schema: {
        tags,
        summary: 'Late credits to call, most days late first, with the last call about each',
        querystring: CollectionsQuery,
        response: { 200: pagedOf(CollectionRow), ...errors },
      },
    }),
    async (request) => collections.listCollections(app.db, request.query),
  );

  app.get(
    '/credits/:id/contacts',
    adminRoute('credits.read', {
      schema: {
        tags,
        summary: 'The calls made about a credit, newest first',
        params: IdParams,
        response: { 200: dataOf(z.array(CreditContact)), ...errors },
      },
    }),
    async (request) => ({ data: await collections.listContacts(app.db, request.params.id) }),
  );

  app.post(
    '/credits/:id/contacts',
    adminRoute('credits.write', {
      schema: {
        tags,
        summary: 'Records a call about a credit: its outcome, a promise to pay, a note',
        params: IdParams,
        body: ContactBody,
        response: { 200: messageOf(z.array(CreditContact)), ...errors, 404: ErrorBody },
      },
    }),
    async (request) => ({
      message: CONTACT_LOGGED[request.lang],
      data: await collections.recordContact(
        app.db,
        request.params.id,
        request.body,
        actorOf(request),
      ),
    }),
  );

  app.post(
    '/credits/:id/cash-payments',
    adminRoute(
      'money.write',
      idempotent(
        {
          schema: {
            tags,
            summary:
              'Records cash paid at a branch for a credit, by its receipt number: applied like a card payment',
            params: IdParams,
            body: CashPaymentBody,
            response: {
              200: messageOf(CashPayment),
              ...errors,
              404: ErrorBody,
              409: ErrorBody,
              422: ErrorBody,
            },
          },
        },
        (request) => creditCustomer(app.db, (request.params as { id: number }).id),
      ),
    ),
    async (request) => ({
      message: CASH_TAKEN[request.lang],
      data: await payCreditInCash(
        { db: app.db, sms: app.sms, log: request.log },
        {
          creditId: request.params.id,
          amount: request.body.amount,
          receiptNumber: request.body.receipt_number,
          key: idempotencyKeyOf(request),
          lang: request.lang,
        },
        actorOf(request),
      ),
    }),
  );

  // reading a contract is not a write: no audit row, as for the rest of the credit
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
      data: await getContractForStaff(
        { db: app.db, late: app.creditRules, seller: app.seller },
        { creditId: request.params.id, lang: request.lang },
      ),
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
      const document = await getContractForStaff(
        { db: app.db, late: app.creditRules, seller: app.seller },
        { creditId: request.params.id, lang },
      );
      return sendContractPdf(reply, document, lang);
    },
  );

  app.get(
    '/credits/:id',
    adminRoute('credits.read', {
      schema: {
        tags,
        summary: 'A credit: schedule, payments, autopay card, goods, ledger and calls',
        params: IdParams,
        response: { 200: dataOf(AdminCreditDetail), ...errors, 404: ErrorBody },
      },
    }),
    async (request) => ({
      data: await collections.adminCreditDetail(
        app.db,
        request.params.id,
        app.creditRules.graceDays,
        request.lang,
      ),
    }),
  );
};
