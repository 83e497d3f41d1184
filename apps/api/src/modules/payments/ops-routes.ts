import {
  AttentionPayment,
  CashPayment,
  CashPaymentBody,
  DayParams,
  dataOf,
  ErrorBody,
  IdParams,
  Mismatch,
  messageOf,
  OpenMismatch,
  ReconciliationReport,
  ResolveAttentionBody,
  ResolvedPayment,
  ResolveMismatchBody,
} from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { idempotencyKeyOf, idempotent } from '../../plugins/idempotency.ts';
import { actorOf, adminRoute } from '../../plugins/staff-auth.ts';
import { recordAudit } from '../audit/index.ts';
import { ACTIONS_BY_KIND, resolveAttention } from './attention.ts';
import { creditCustomer, payCreditInCash } from './cash.ts';
import {
  listOpenMismatches,
  type RecordedMismatch,
  type ReconciliationReport as Report,
  readReport,
  reconcileDay,
  resolveMismatch,
} from './reconciliation.ts';
import { listNeedingAttention } from './repository.ts';

function toBody(report: Report): ReconciliationReport {
  return {
    day: report.day,
    gateway: report.gateway,
    receipts: report.receipts,
    payments: report.payments,
    checked_at: report.checkedAt.toISOString(),
    mismatches: report.mismatches.map(mismatchBody),
  };
}

const mismatchBody = (m: RecordedMismatch) => ({
  id: m.id,
  kind: m.kind,
  receipt_id: m.receiptId,
  payment_id: m.paymentId,
  gateway_amount: m.gatewayAmount,
  shop_amount: m.shopAmount,
  detail: m.detail,
  resolved_at: m.resolvedAt?.toISOString() ?? null,
  resolution_note: m.resolutionNote,
});

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const CASH_TAKEN = { uz: "Naqd to'lov qabul qilindi", ru: 'Оплата наличными принята' } as const;
const MISMATCH_CLOSED = { uz: 'Farq yopildi', ru: 'Расхождение закрыто' } as const;
const RESOLVED = {
  uz: "To'lov bo'yicha qaror saqlandi",
  ru: 'Решение по платежу сохранено',
} as const;
const RECONCILED = {
  uz: (n: number) =>
    n === 0 ? "Kun qayta tekshirildi: farq yo'q" : `Kun qayta tekshirildi: ${n} ta farq topildi`,
  ru: (n: number) =>
    n === 0 ? 'День сверен заново: расхождений нет' : `День сверен заново: расхождений — ${n}`,
} as const;

/**
 * The back office's money views (DESIGN §6a): the daily reconciliation report and the payments
 * that need a person, for staff who may see the money (and OPS_TOKEN as a bearer token, for
 * automation such as monitoring or the journeys' closing reconciliation); and cash paid at a
 * branch for a credit.
 */
export const moneyOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reconciliation/:day',
    adminRoute(
      'money.read',
      {
        schema: {
          tags: ['back office'],
          summary: "A day's comparison of the gateway's receipts with payments and the ledger",
          params: DayParams,
          response: { 200: dataOf(ReconciliationReport), ...errors },
        },
      },
      { machine: true },
    ),
    async (request) => {
      const report = await readReport(app.db, request.params.day);
      if (!report) throw new AppError('NOT_FOUND', 404);
      return { data: toBody(report) };
    },
  );

  app.post(
    '/reconciliation/:day',
    adminRoute(
      'money.write',
      {
        schema: {
          tags: ['back office'],
          summary: 'Compares a day again now and answers its report',
          params: DayParams,
          response: { 200: messageOf(ReconciliationReport), ...errors, 503: ErrorBody },
        },
      },
      { machine: true },
    ),
    async (request) => {
      const report = await reconcileDay(
        { db: app.db, gateway: app.cardGateway, log: request.log },
        request.params.day,
      );
      // a run by a member of staff is theirs in the audit log; automation's (OPS_TOKEN) is not
      if (request.staff) {
        await recordAudit(app.db, actorOf(request), {
          action: 'reconciliation.run',
          objectType: 'reconciliation',
          objectId: request.params.day,
          after: { receipts: report.receipts, mismatches: report.mismatches.length },
        });
      }
      return {
        message: RECONCILED[request.lang](report.mismatches.length),
        data: toBody(report),
      };
    },
  );

  app.get(
    '/reconciliation/open',
    adminRoute(
      'money.read',
      {
        schema: {
          tags: ['back office'],
          summary: 'Reconciliation mismatches no member of staff has closed, the oldest day first',
          response: { 200: dataOf(z.array(OpenMismatch)), ...errors },
        },
      },
      { machine: true },
    ),
    async () => ({
      data: (await listOpenMismatches(app.db, 500)).map((m) => ({
        ...mismatchBody(m),
        day: m.day,
      })),
    }),
  );

  app.post(
    '/reconciliation/mismatches/:id/resolve',
    adminRoute('money.write', {
      schema: {
        tags: ['back office'],
        summary: 'Closes a reconciliation mismatch with what was found and done',
        params: IdParams,
        body: ResolveMismatchBody,
        response: { 200: messageOf(Mismatch), ...errors, 409: ErrorBody },
      },
    }),
    async (request) => {
      const closed = await resolveMismatch(
        app.db,
        request.params.id,
        request.body.note,
        actorOf(request),
      );
      return { message: MISMATCH_CLOSED[request.lang], data: mismatchBody(closed) };
    },
  );

  app.get(
    '/payments/attention',
    adminRoute(
      'money.read',
      {
        schema: {
          tags: ['back office'],
          summary: 'Payments waiting for a person, the longest waiting first',
          response: { 200: dataOf(z.array(AttentionPayment)), ...errors },
        },
      },
      { machine: true },
    ),
    async () => {
      const rows = await listNeedingAttention(app.db, 500);
      return {
        data: rows.map(({ payment: p, phone }) => {
          // set on every payment handed to a person (a check in the database says so)
          const kind = p.attentionKind ?? 'settle_failed';
          return {
            id: p.id,
            customer_id: p.customerId,
            customer_phone: phone,
            order_id: p.orderId,
            credit_id: p.creditId,
            purpose: p.purpose,
            amount: p.amount,
            receipt_id: p.receiptId,
            attention_kind: kind,
            reason: p.attentionReason,
            actions: [...ACTIONS_BY_KIND[kind]],
            created_at: p.createdAt.toISOString(),
            updated_at: p.updatedAt.toISOString(),
          };
        }),
      };
    },
  );

  app.post(
    '/payments/:id/resolve',
    adminRoute('money.write', {
      schema: {
        tags: ['back office'],
        summary: 'Closes a payment that waits for a person, through the normal settle or refund',
        params: IdParams,
        body: ResolveAttentionBody,
        response: {
          200: messageOf(ResolvedPayment),
          ...errors,
          409: ErrorBody,
          503: ErrorBody,
        },
      },
    }),
    async (request) => {
      const row = await resolveAttention(
        { db: app.db, gateway: app.cardGateway, sms: app.sms, log: request.log },
        request.params.id,
        request.body,
        actorOf(request),
      );
      return {
        message: RESOLVED[request.lang],
        data: { id: row.id, state: row.state, attention_kind: row.attentionKind },
      };
    },
  );

  app.post(
    '/credits/:id/cash-payments',
    adminRoute(
      'money.write',
      idempotent(
        {
          schema: {
            tags: ['back office: credits'],
            summary:
              'Records cash paid at a branch for a credit, by its receipt number: applied like a card payment',
            params: IdParams,
            body: CashPaymentBody,
            response: { 200: messageOf(CashPayment), ...errors, 409: ErrorBody, 422: ErrorBody },
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
};
