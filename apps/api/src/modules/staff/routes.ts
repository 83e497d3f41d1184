import {
  AuditEntry,
  AuditQuery,
  CsrfToken,
  dataOf,
  ErrorBody,
  IdParams,
  NewStaff,
  NewStaffBody,
  pagedOf,
  SetupTokenParams,
  StaffChangeBody,
  StaffMember,
  StaffSession,
  StaffSetup,
  StaffSetupBody,
  StaffSetupRequired,
  StaffSignInBody,
} from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageMeta } from '../../lib/paging.ts';
import { limitByIp } from '../../plugins/limits.ts';
import {
  actorOf,
  adminRoute,
  csrfTokenOf,
  openRoute,
  STAFF_COOKIE,
  STAFF_COOKIE_OPTIONS,
  staffOf,
} from '../../plugins/staff-auth.ts';
import { listAudit } from '../audit/index.ts';
import { sessionCsrfToken } from './csrf.ts';
import * as service from './service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const tags = ['back office: staff'];

/** Staff accounts, sessions and the audit log of the back office (DESIGN §6b). */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, secret: app.authSecret });

  /** Who is signed in, and the CSRF token of their session: a new session, a new token. */
  function sessionOf(row: service.StaffRow, sessionId: number) {
    return {
      staff: service.toStaffMember(row),
      permissions: service.permissionsOf(row.role as never),
      csrf_token: sessionCsrfToken(app.authSecret, sessionId),
    };
  }

  app.get(
    '/auth/csrf',
    openRoute({
      schema: {
        tags,
        summary:
          "A CSRF token for the next writes: the session's when signed in, else one for signing in (sets its secret cookie)",
        response: { 200: dataOf(CsrfToken) },
      },
    }),
    async (request, reply) => ({ data: { csrf_token: await csrfTokenOf(request, reply) } }),
  );

  app.post(
    '/auth/sign-in',
    openRoute({
      // per address only: a limit by email would let anyone keep its member out
      preHandler: limitByIp(app, { name: 'staff-sign-in-ip', max: 20, timeWindow: '15 minutes' }),
      schema: {
        tags,
        summary:
          'Email, password and TOTP code; sets the session cookie. A member whose role needs a second factor they lack is answered 403 with a setup link',
        body: StaffSignInBody,
        response: {
          200: dataOf(StaffSession),
          ...errors,
          403: StaffSetupRequired.or(ErrorBody),
          429: ErrorBody,
          503: ErrorBody,
        },
      },
    }),
    async (request, reply) => {
      const { token, sessionId, staff } = await service.signIn(deps(), request.body, {
        ip: request.ip ?? null,
        userAgent: request.headers['user-agent'] ?? null,
      });
      reply.setCookie(STAFF_COOKIE, token, {
        ...STAFF_COOKIE_OPTIONS,
        maxAge: service.STAFF_IDLE_MS / 1000,
      });
      return { data: sessionOf(staff, sessionId) };
    },
  );

  app.get(
    '/auth/me',
    adminRoute('session', {
      schema: {
        tags,
        summary: 'The signed-in member of staff, their permissions and a CSRF token',
        response: { 200: dataOf(StaffSession), ...errors },
      },
    }),
    async (request) => {
      const current = staffOf(request);
      const row = await service.findStaff(app.db, current.id);
      if (!row) throw new Error('a live session of a member of staff who does not exist');
      return { data: sessionOf(row, current.sessionId) };
    },
  );

  app.post(
    '/auth/sign-out',
    adminRoute('session', {
      schema: {
        tags,
        summary: 'Ends this session and clears its cookie',
        response: { 204: z.null(), ...errors },
      },
    }),
    async (request, reply) => {
      await service.signOut(app.db, staffOf(request), request.ip ?? null);
      reply.clearCookie(STAFF_COOKIE, { path: STAFF_COOKIE_OPTIONS.path });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/auth/setup/:token',
    openRoute({
      preHandler: limitByIp(app, { name: 'staff-setup-ip', max: 30, timeWindow: '15 minutes' }),
      schema: {
        tags,
        summary: 'Whom a setup link is for, and the TOTP secret for the authenticator',
        params: SetupTokenParams,
        response: { 200: dataOf(StaffSetup), 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    }),
    async (request) => ({ data: await service.readSetup(deps(), request.params.token) }),
  );

  app.post(
    '/auth/setup',
    openRoute({
      preHandler: limitByIp(app, { name: 'staff-setup-ip', max: 30, timeWindow: '15 minutes' }),
      schema: {
        tags,
        summary:
          'Uses a setup link: the password (kept when the account has one), and the first TOTP code',
        body: StaffSetupBody,
        response: {
          200: dataOf(StaffMember),
          ...errors,
          404: ErrorBody,
          422: ErrorBody,
          429: ErrorBody,
        },
      },
    }),
    async (request) => ({
      data: await service.completeSetup(deps(), request.body, {
        ip: request.ip ?? null,
        lang: request.lang,
      }),
    }),
  );

  app.get(
    '/staff',
    adminRoute('staff.manage', {
      schema: {
        tags,
        summary: 'Every member of staff',
        response: { 200: dataOf(z.array(StaffMember)), ...errors },
      },
    }),
    async () => ({ data: await service.listStaff(app.db) }),
  );

  app.post(
    '/staff',
    adminRoute('staff.manage', {
      schema: {
        tags,
        summary: 'A new member of staff and their one-time setup link',
        body: NewStaffBody,
        response: { 200: dataOf(NewStaff), ...errors, 409: ErrorBody },
      },
    }),
    async (request) => ({
      data: await service.createStaff(deps(), request.body, actorOf(request)),
    }),
  );

  app.patch(
    '/staff/:id',
    adminRoute('staff.manage', {
      schema: {
        tags,
        summary: "Changes a member of staff's name, role or access",
        params: IdParams,
        body: StaffChangeBody,
        response: { 200: dataOf(StaffMember), ...errors, 404: ErrorBody, 409: ErrorBody },
      },
    }),
    async (request) => ({
      data: await service.changeStaff(deps(), request.params.id, request.body, actorOf(request)),
    }),
  );

  app.post(
    '/staff/:id/revoke-sessions',
    adminRoute('staff.manage', {
      schema: {
        tags,
        summary: 'Ends every session of a member of staff',
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
        sessions_ended: await service.revokeSessions(deps(), request.params.id, actorOf(request)),
      },
    }),
  );

  app.get(
    '/audit',
    adminRoute('audit.read', {
      schema: {
        tags,
        summary: 'The audit log, newest first, by member of staff, object and Tashkent days',
        querystring: AuditQuery,
        response: { 200: pagedOf(AuditEntry), ...errors },
      },
    }),
    async (request) => {
      const q = request.query;
      const { rows, total } = await listAudit(
        app.db,
        {
          staffId: q.staff_id,
          objectType: q.object_type,
          objectId: q.object_id,
          from: q.from,
          to: q.to,
        },
        { limit: q.limit, offset: (q.page - 1) * q.limit },
      );
      return { data: rows, meta: pageMeta(q.page, q.limit, total) };
    },
  );
};
