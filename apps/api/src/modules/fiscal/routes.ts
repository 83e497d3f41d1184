import {
  AdminFiscalQuery,
  AdminFiscalReceipt,
  ErrorBody,
  type FiscalLine,
  formatMoney,
  formatNumber,
  formatTashkentTime,
  IdParams,
  messageOf,
  pagedOf,
} from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import { actorOf, adminRoute } from '../../plugins/staff-auth.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './repository.ts';
import { toAdminView } from './views.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const SENT_AGAIN = {
  uz: "Chek qayta ro'yxatga olish uchun yuborildi",
  ru: 'Чек отправлен на регистрацию повторно',
} as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const tiyin = (value: number) => (value / 100).toFixed(2);

const KIND_NAMES: Record<string, string> = {
  sale: 'Sotuv / Продажа',
  advance: 'Avans / Аванс',
  credit_sale: 'Kreditga sotuv / Продажа в кредит',
  credit: "Kreditni to'lash / Погашение кредита",
  refund: 'Qaytarish / Возврат',
};

/** The sandbox register's page of a receipt: what the OFD's check page shows of a real one. */
function receiptPage(row: repo.FiscalReceiptRow): string {
  const lines = (row.lines ?? []) as FiscalLine[];
  const cell = 'padding:6px 8px;border-bottom:1px solid #e5e7eb;text-align:left';
  const rows = lines
    .map(
      (line) =>
        `<tr><td style="${cell}">${escapeHtml(line.title)}<br><small style="color:#6b7280">IKPU ${line.ikpu} · ${line.packageCode}</small></td>` +
        `<td style="${cell}">${line.count}</td><td style="${cell}">${formatNumber(line.sum)}</td>` +
        `<td style="${cell}">${line.vatPercent} % · ${tiyin(line.vat)}</td></tr>`,
    )
    .join('');
  const vat = lines.reduce((sum, line) => sum + line.vat, 0);
  return `<!doctype html><html lang="uz"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Chek / Чек ${escapeHtml(row.receiptSeq ?? '')}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:640px;margin:24px auto;padding:0 16px;color:#111827">
<p style="background:#fef3c7;padding:8px 12px;border-radius:8px">Sinov kassasi: soliq organiga yuborilmagan / Тестовая касса: в налоговую не отправлен</p>
<h1 style="font-size:20px">${escapeHtml(KIND_NAMES[row.kind ?? ''] ?? '')} · ${formatMoney(row.amount ?? 0, 'uz')}</h1>
<p>${escapeHtml(formatTashkentTime(row.registeredAt ?? row.createdAt))}<br>Terminal ${escapeHtml(row.terminalId ?? '')} · № ${escapeHtml(row.receiptSeq ?? '')}<br>Fiskal belgi / Фискальный признак: ${escapeHtml(row.fiscalSign ?? '')}</p>
<table style="width:100%;border-collapse:collapse;font-size:14px"><thead><tr><th style="${cell}">Nomi / Наименование</th><th style="${cell}">Soni</th><th style="${cell}">Summa</th><th style="${cell}">QQS / НДС</th></tr></thead><tbody>${rows}</tbody></table>
<p>QQS jami / Итого НДС: ${tiyin(vat)} so'm</p>
</body></html>`;
}

/** The customer's side: the sandbox register's receipt pages its QR links open. */
export const fiscalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/fiscal-receipts/check',
    {
      schema: {
        tags: ['fiscal'],
        summary: "The sandbox register's page of a receipt (its QR link); 404 with a real register",
        querystring: z.object({
          t: z.string().max(40),
          r: z.string().regex(/^\d{1,12}$/),
          c: z.string().max(20).optional(),
          s: z.string().max(40),
        }),
      },
    },
    async (request, reply) => {
      if (app.fiscalRegister?.name !== 'sandbox') throw new AppError('NOT_FOUND', 404);
      const row = await repo.findReceipt(app.db, Number(request.query.r));
      if (
        row?.state !== 'registered' ||
        row.terminalId !== request.query.t ||
        row.fiscalSign !== request.query.s
      ) {
        throw new AppError('NOT_FOUND', 404);
      }
      return reply.type('text/html; charset=utf-8').send(receiptPage(row));
    },
  );
};

/** The back office: receipts by state or order, and a failed one sent again. */
export const adminFiscalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/fiscal-receipts',
    adminRoute('money.read', {
      schema: {
        tags: ['back office'],
        summary: 'Fiscal receipts, newest first: the failed ones, or an order’s',
        querystring: AdminFiscalQuery,
        response: { 200: pagedOf(AdminFiscalReceipt), ...errors },
      },
    }),
    async (request) => {
      const { page, per_page: perPage, state, order_id: orderId } = request.query;
      const { rows, total } = await repo.listForStaff(app.db, {
        state,
        orderId,
        limit: perPage,
        offset: (page - 1) * perPage,
      });
      return {
        data: rows.map((r) => toAdminView(r.receipt, r.customerId)),
        meta: {
          current_page: page,
          per_page: perPage,
          total,
          last_page: Math.max(1, Math.ceil(total / perPage)),
        },
      };
    },
  );

  app.post(
    '/fiscal-receipts/:id/retry',
    adminRoute('money.write', {
      schema: {
        tags: ['back office'],
        summary: 'Sends a failed fiscal receipt to the register again, its lines built anew',
        params: IdParams,
        response: { 200: messageOf(AdminFiscalReceipt), ...errors, 409: ErrorBody },
      },
    }),
    async (request) => {
      const before = await repo.findReceipt(app.db, request.params.id);
      if (!before) throw new AppError('NOT_FOUND', 404);
      const actor = actorOf(request);
      const after = await inTransaction(app.db, async (tx) => {
        const restarted = await repo.restart(tx, before.id, actor.staffId, new Date());
        if (!restarted) throw new AppError('FISCAL_NOT_FAILED', 409);
        await recordAudit(tx, actor, {
          action: 'fiscal.retry',
          objectType: 'fiscal_receipt',
          objectId: String(restarted.id),
          before: { state: before.state, attempts: before.attempts, last_error: before.lastError },
          after: { state: restarted.state },
        });
        return restarted;
      });
      const order = await repo.findOrderFacts(app.db, after.orderId);
      return {
        message: SENT_AGAIN[request.lang],
        data: toAdminView(after, order?.customerId ?? 0),
      };
    },
  );
};
