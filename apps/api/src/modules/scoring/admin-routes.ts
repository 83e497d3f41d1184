import {
  AdminScoringFile,
  AdminScoringQueueQuery,
  AdminScoringQueueRow,
  ApproveScoringBody,
  CustomerIdParams,
  dataOf,
  ErrorBody,
  pagedOf,
  RejectScoringBody,
} from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, adminRoute } from '../../plugins/staff-auth.ts';
import { recordAudit } from '../audit/index.ts';
import * as review from './review.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const decisionErrors = { ...errors, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const tags = ['back office: scoring'];

/**
 * Scoring in review mode (SCORING_MODE=review): the queue, a customer's file with what the rules
 * allow, and a credit officer's approval or rejection.
 */
export const adminScoringRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, sms: app.sms, log: app.log, rules: app.scoringRules });

  app.get(
    '/scoring/queue',
    adminRoute('scoring.review', {
      schema: {
        tags,
        summary: 'Scorings waiting for a decision, the longest waiting first',
        querystring: AdminScoringQueueQuery,
        response: { 200: pagedOf(AdminScoringQueueRow), ...errors },
      },
    }),
    async (request) => review.listQueue(app.db, request.query),
  );

  app.get(
    '/scoring/:customerId',
    adminRoute('scoring.review', {
      schema: {
        tags,
        summary:
          "A customer's scoring: the person (passport and PINFL masked), card, contact persons, face image and what the rules allow",
        params: CustomerIdParams,
        response: { 200: dataOf(AdminScoringFile), ...errors, 404: ErrorBody },
      },
    }),
    async (request) => ({
      data: await review.reviewFile(deps(), request.params.customerId, request.lang),
    }),
  );

  app.get(
    '/scoring/:customerId/face',
    adminRoute('scoring.review', {
      schema: {
        tags,
        summary:
          "The customer's face image as uploaded for scoring (JPEG or PNG), never cached; each look is in the audit log",
        params: CustomerIdParams,
        response: { 200: z.any(), ...errors, 404: ErrorBody },
      },
    }),
    async (request, reply) => {
      const image = await review.faceImage(app.db, app.privateStorage, request.params.customerId);
      // a face is personal data like a passport: who looked, and when, is kept
      await recordAudit(app.db, actorOf(request), {
        action: 'scoring.view_face',
        objectType: 'customer',
        objectId: request.params.customerId,
      });
      return reply.header('cache-control', 'private, no-store').type(image.mime).send(image.bytes);
    },
  );

  app.post(
    '/scoring/:customerId/approve',
    adminRoute('scoring.review', {
      schema: {
        tags,
        summary:
          'Approves a waiting scoring with a limit within the rules (5 × declared income, payments within 50 % of it, the first-limit cap)',
        params: CustomerIdParams,
        body: ApproveScoringBody,
        response: { 200: dataOf(AdminScoringFile), ...decisionErrors },
      },
    }),
    async (request) => ({
      data: await review.approve(
        deps(),
        request.params.customerId,
        request.body.limit,
        actorOf(request),
        request.lang,
      ),
    }),
  );

  app.post(
    '/scoring/:customerId/reject',
    adminRoute('scoring.review', {
      schema: {
        tags,
        summary:
          'Rejects a waiting scoring with a reason the customer reads; a new try after SCORING_RETRY_DAYS',
        params: CustomerIdParams,
        body: RejectScoringBody,
        response: { 200: dataOf(AdminScoringFile), ...decisionErrors },
      },
    }),
    async (request) => ({
      data: await review.reject(
        deps(),
        request.params.customerId,
        request.body.reason,
        actorOf(request),
        request.lang,
      ),
    }),
  );
};
