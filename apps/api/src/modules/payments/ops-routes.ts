import { createHash, timingSafeEqual } from 'node:crypto';
import {
  AttentionPayment,
  DayParams,
  dataOf,
  ErrorBody,
  ReconciliationReport,
} from '@bozor/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { type ReconciliationReport as Report, readReport, reconcileDay } from './reconciliation.ts';
import { listNeedingAttention } from './repository.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares digests, so neither the token's length nor its first differing byte shows in the time. */
function sameToken(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

function toBody(report: Report): ReconciliationReport {
  return {
    day: report.day,
    gateway: report.gateway,
    receipts: report.receipts,
    payments: report.payments,
    checked_at: report.checkedAt.toISOString(),
    mismatches: report.mismatches.map((m) => ({
      kind: m.kind,
      receipt_id: m.receiptId,
      payment_id: m.paymentId,
      gateway_amount: m.gatewayAmount,
      shop_amount: m.shopAmount,
      detail: m.detail,
    })),
  };
}

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/**
 * The back office's money views (DESIGN §6a): the daily reconciliation report and the payments
 * that need a person. Until staff accounts exist they answer only to `OPS_TOKEN` as a bearer
 * token, and are registered only when it is set.
 */
export function moneyOpsRoutes(options: { token: string }): FastifyPluginAsyncZod {
  return async (app) => {
    const requireOps = async (request: FastifyRequest, _reply: FastifyReply) => {
      const match = /^Bearer\s+(\S+)$/.exec(request.headers.authorization ?? '');
      if (!match?.[1] || !sameToken(match[1], options.token)) {
        throw new AppError('UNAUTHORIZED', 401);
      }
    };

    app.get(
      '/admin/reconciliation/:day',
      {
        onRequest: requireOps,
        schema: {
          tags: ['back office'],
          summary: "A day's comparison of the gateway's receipts with payments and the ledger",
          params: DayParams,
          response: { 200: dataOf(ReconciliationReport), ...errors },
        },
      },
      async (request) => {
        const report = await readReport(app.db, request.params.day);
        if (!report) throw new AppError('NOT_FOUND', 404);
        return { data: toBody(report) };
      },
    );

    app.post(
      '/admin/reconciliation/:day',
      {
        onRequest: requireOps,
        schema: {
          tags: ['back office'],
          summary: 'Compares a day again now and answers its report',
          params: DayParams,
          response: { 200: dataOf(ReconciliationReport), ...errors, 503: ErrorBody },
        },
      },
      async (request) => {
        const report = await reconcileDay(
          { db: app.db, gateway: app.cardGateway, log: request.log },
          request.params.day,
        );
        return { data: toBody(report) };
      },
    );

    app.get(
      '/admin/payments/attention',
      {
        onRequest: requireOps,
        schema: {
          tags: ['back office'],
          summary: 'Payments whose money could not be settled, newest first',
          response: { 200: dataOf(z.array(AttentionPayment)), ...errors },
        },
      },
      async () => {
        const rows = await listNeedingAttention(app.db, 500);
        return {
          data: rows.map((p) => ({
            id: p.id,
            customer_id: p.customerId,
            order_id: p.orderId,
            credit_id: p.creditId,
            purpose: p.purpose,
            amount: p.amount,
            receipt_id: p.receiptId,
            reason: p.attentionReason,
            created_at: p.createdAt.toISOString(),
            updated_at: p.updatedAt.toISOString(),
          })),
        };
      },
    );
  };
}
