import {
  AdminCustomerDetail,
  AdminCustomerRow,
  AdminCustomersQuery,
  BlockCustomerBody,
  ChangeLimitBody,
  dataOf,
  ErrorBody,
  IdParams,
  LimitRefusal,
  pagedOf,
  RevealedIdentity,
} from '@bozor/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, adminRoute } from '../../plugins/staff-auth.ts';
import * as customers from './admin-service.ts';
import { changeLimit } from './limit-caps.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const tags = ['back office: customers'];

/** Customers in the back office: search, profile, block, sign out, the audited identity. */
export const adminCustomerRoutes: FastifyPluginAsyncZod = async (app) => {
  const view = (request: FastifyRequest) => ({ rules: app.scoringRules, lang: request.lang });

  app.get(
    '/customers',
    adminRoute('customers.read', {
      schema: {
        tags,
        summary: 'Customers, newest first, by phone digits, #number, passport name, or blocked',
        querystring: AdminCustomersQuery,
        response: { 200: pagedOf(AdminCustomerRow), ...errors },
      },
    }),
    async (request) => customers.listCustomers(app.db, request.query),
  );

  app.get(
    '/customers/:id',
    adminRoute('customers.read', {
      schema: {
        tags,
        summary:
          'A customer: profile, scoring (masked), orders, credits, cards, addresses, live sessions',
        params: IdParams,
        response: { 200: dataOf(AdminCustomerDetail), ...errors, 404: ErrorBody },
      },
    }),
    async (request) => ({
      data: await customers.customerDetail(app.db, request.params.id, view(request)),
    }),
  );

  app.post(
    '/customers/:id/block',
    adminRoute('customers.write', {
      schema: {
        tags,
        summary: 'Blocks a customer with a reason: signed out everywhere, no sign-in',
        params: IdParams,
        body: BlockCustomerBody,
        response: { 200: dataOf(AdminCustomerDetail), ...errors, 404: ErrorBody },
      },
    }),
    async (request) => ({
      data: await customers.setBlocked(
        app.db,
        request.params.id,
        { reason: request.body.reason },
        actorOf(request),
        view(request),
      ),
    }),
  );

  app.post(
    '/customers/:id/unblock',
    adminRoute('customers.write', {
      schema: {
        tags,
        summary: 'Lifts a block',
        params: IdParams,
        response: { 200: dataOf(AdminCustomerDetail), ...errors, 404: ErrorBody },
      },
    }),
    async (request) => ({
      data: await customers.setBlocked(
        app.db,
        request.params.id,
        null,
        actorOf(request),
        view(request),
      ),
    }),
  );

  app.post(
    '/customers/:id/limit',
    adminRoute('customers.write', {
      schema: {
        tags,
        summary:
          "Sets an approved customer's limit within the scoring rules' caps (0 freezes it), with a reason",
        params: IdParams,
        body: ChangeLimitBody,
        response: {
          200: dataOf(AdminCustomerDetail),
          ...errors,
          404: ErrorBody,
          422: z.union([LimitRefusal, ErrorBody]),
        },
      },
    }),
    async (request) => {
      await changeLimit(
        app.db,
        request.params.id,
        request.body,
        app.scoringRules,
        actorOf(request),
        request.lang,
      );
      return { data: await customers.customerDetail(app.db, request.params.id, view(request)) };
    },
  );

  app.post(
    '/customers/:id/revoke-sessions',
    adminRoute('customers.write', {
      schema: {
        tags,
        summary: 'Signs a customer out everywhere',
        params: IdParams,
        response: {
          200: dataOf(z.object({ sessions_ended: z.number().int() })),
          ...errors,
          404: ErrorBody,
        },
      },
    }),
    async (request) => ({
      data: {
        sessions_ended: await customers.revokeCustomerSessions(
          app.db,
          request.params.id,
          actorOf(request),
        ),
      },
    }),
  );

  app.post(
    '/customers/:id/reveal-identity',
    adminRoute('identity.reveal', {
      schema: {
        tags,
        summary: "The customer's full passport and PINFL; the look is audited",
        params: IdParams,
        response: { 200: dataOf(RevealedIdentity), ...errors, 404: ErrorBody },
      },
    }),
    async (request) => ({
      data: await customers.revealIdentity(
        app.db,
        app.authSecret,
        request.params.id,
        actorOf(request),
      ),
    }),
  );
};
