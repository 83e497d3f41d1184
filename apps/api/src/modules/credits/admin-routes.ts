import {
  AdminCreditDetail,
  CollectionRow,
  CollectionsQuery,
  ContactBody,
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
import { actorOf, adminRoute } from '../../plugins/staff-auth.ts';
import * as collections from './collections.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const tags = ['back office: credits'];
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
