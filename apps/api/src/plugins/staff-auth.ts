import { createHash, timingSafeEqual } from 'node:crypto';
import type { Permission } from '@bozor/shared';
import { can } from '@bozor/shared';
import { fastifyCookie } from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  onRequestHookHandler,
} from 'fastify';
import { AppError, errorMessage } from '../lib/errors.ts';
import {
  type CurrentStaff,
  sessionCsrfMatches,
  sessionCsrfToken,
  staffOfToken,
} from '../modules/staff/index.ts';

/** The back office's session cookie: HttpOnly, Secure, SameSite=Strict, sent only to its API. */
export const STAFF_COOKIE = 'bozor_staff';
export const ADMIN_API = '/api/admin';
/** Where a route open to anyone says so (the CSRF token, signing in, a setup link). */
export type RouteAccess = Permission | 'public';

/** A back-office route as registered: what the role-by-route test walks. */
export interface AdminRouteEntry {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** OPS_TOKEN: lets automation call the routes that allow it; unset, none does. */
    opsToken: string | undefined;
    /** Every back-office route and the access it declares, filled as routes are added. */
    adminRoutes: AdminRouteEntry[];
  }
  interface FastifyRequest {
    staff: CurrentStaff | null;
    /** Let in by OPS_TOKEN (automation such as monitoring), not by a member of staff. */
    machine: boolean;
  }
  interface FastifyContextConfig {
    /** The permission a back-office route needs: declared once, in the route's options. */
    access?: RouteAccess;
  }
}

/** The session cookie's options; the sign-in route adds its lifetime (the session's idle limit). */
export const STAFF_COOKIE_OPTIONS = {
  path: ADMIN_API,
  httpOnly: true,
  secure: true,
  sameSite: 'strict',
} as const;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The OpenAPI document marks a back-office route with the session cookie's scheme. */
const STAFF_SECURITY = [{ staffCookie: [] }];

/**
 * What every back-office route shares, registered once on the `/api/admin` scope: cookies, the
 * CSRF check on every write (a token from `GET /api/admin/auth/csrf` or the sign-in answer, sent
 * back in `x-csrf-token`), `Cache-Control: no-store` on every answer (a session, a TOTP secret
 * or a customer's file is never kept by a browser or a proxy), and a refusal at start-up of any
 * route that does not declare its access.
 */
export async function staffAuth(
  app: FastifyInstance,
  options: { opsToken?: string | undefined } = {},
): Promise<void> {
  app.decorateRequest('staff', null);
  app.decorateRequest('machine', false);
  app.decorate('opsToken', options.opsToken);
  await app.register(fastifyCookie);
  await app.register(fastifyCsrf, {
    sessionPlugin: '@fastify/cookie',
    cookieKey: 'bozor_csrf',
    cookieOpts: { path: ADMIN_API, httpOnly: true, secure: true, sameSite: 'strict' },
    getToken: (request) => {
      const header = request.headers['x-csrf-token'];
      return typeof header === 'string' ? header : undefined;
    },
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!String(reply.getHeader('cache-control') ?? '').includes('no-store')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
  // an unknown back-office path is answered in this scope too, so with its no-store
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({
      message: errorMessage('ROUTE_NOT_FOUND', request.lang),
      code: 'ROUTE_NOT_FOUND',
    });
  });
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (access === undefined) {
      throw new Error(`${route.method} ${route.url} declares no access (adminRoute or openRoute)`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.adminRoutes.push({ method, url: route.url, access });
    }
  });
}

const SESSION_TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

/** The member of staff behind the request's cookie, or a 401. */
async function signedInStaff(request: FastifyRequest): Promise<CurrentStaff> {
  const token = request.cookies[STAFF_COOKIE];
  if (!token) throw new AppError('UNAUTHORIZED', 401);
  if (!SESSION_TOKEN.test(token)) throw new AppError('STAFF_SESSION_INVALID', 401);
  const current = await staffOfToken(request.server.db, token);
  if (!current) throw new AppError('STAFF_SESSION_INVALID', 401);
  return current;
}

/** The live session behind a staff cookie, if any: for a route open to anyone. */
async function sessionOf(request: FastifyRequest, token: string | undefined) {
  return token && SESSION_TOKEN.test(token) ? staffOfToken(request.server.db, token) : undefined;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** OPS_TOKEN as a bearer token, compared in constant time; false when it is not set. */
function isOpsToken(request: FastifyRequest, expected: string | undefined): boolean {
  const match = /^Bearer\s+(\S+)$/.exec(request.headers.authorization ?? '');
  return expected !== undefined && match?.[1] !== undefined
    ? timingSafeEqual(digest(match[1]), digest(expected))
    : false;
}

/**
 * The CSRF token for the request's next writes: its session's when it has a live one, else one
 * for signing in and setting up (whose secret cookie this sets).
 */
export async function csrfTokenOf(request: FastifyRequest, reply: FastifyReply): Promise<string> {
  const current = await sessionOf(request, request.cookies[STAFF_COOKIE]);
  return current
    ? sessionCsrfToken(request.server.authSecret, current.sessionId)
    : reply.generateCsrf();
}

/**
 * In production the API's documentation is for the shop's own people: OPS_TOKEN as a bearer
 * token, or a staff session's cookie (a browser sends it only under `/api/admin`, so a tool
 * passes it on itself).
 */
export function docsAccess(opsToken: string | undefined): onRequestHookHandler {
  return async function checkDocsAccess(request) {
    if (isOpsToken(request, opsToken)) return;
    const cookies = fastifyCookie.parse(request.headers.cookie ?? '');
    if (await sessionOf(request, cookies[STAFF_COOKIE])) return;
    throw new AppError('UNAUTHORIZED', 401);
  };
}

function guard(access: RouteAccess, machine: boolean): onRequestHookHandler {
  return async function checkAccess(request) {
    if (access === 'public') return;
    if (machine && !request.cookies[STAFF_COOKIE] && isOpsToken(request, request.server.opsToken)) {
      request.machine = true;
      return;
    }
    const current = await signedInStaff(request);
    if (!can(current.role, access)) throw new AppError('STAFF_FORBIDDEN', 403);
    request.staff = current;
  };
}

/**
 * On a write, the CSRF token: a signed-in member's must be their session's; signing in and
 * setting up take the token of the secret cookie (@fastify/csrf-protection sends its refusal).
 */
function csrfOnWrites(
  this: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  done: (err?: Error) => void,
): void {
  // a bearer token is not sent by a browser on its own, so it needs no CSRF token
  if (!WRITES.has(request.method) || request.machine) {
    done();
    return;
  }
  if (!request.staff) {
    this.csrfProtection(request, reply, done);
    return;
  }
  const header = request.headers['x-csrf-token'];
  const token = typeof header === 'string' ? header : undefined;
  if (sessionCsrfMatches(this.authSecret, request.staff.sessionId, token)) done();
  else done(new AppError('CSRF_INVALID', 403));
}

/**
 * The options of a back-office route that `access` allows: the one way to declare it. The check
 * runs on request, before the body is read: a session cookie of a role with the permission, and
 * on a write the CSRF token.
 */
export function adminRoute<O extends { schema: FastifySchema }>(
  access: Permission,
  options: O,
  /** Also let OPS_TOKEN in as a bearer token (automation, the journeys' reconciliation). */
  opts: { machine?: boolean } = {},
) {
  const machine = opts.machine ?? false;
  return {
    ...options,
    config: { access },
    onRequest: [guard(access, machine), csrfOnWrites],
    schema: {
      ...options.schema,
      security: machine ? [...STAFF_SECURITY, { bearer: [] }] : STAFF_SECURITY,
    },
  };
}

/** A back-office route anyone may call (its writes still need the CSRF token). */
export function openRoute<O extends { schema: FastifySchema }>(options: O) {
  return {
    ...options,
    config: { access: 'public' as const },
    onRequest: [guard('public', false), csrfOnWrites],
  };
}

/** The signed-in member of staff of an `adminRoute`. */
export function staffOf(request: FastifyRequest): CurrentStaff {
  if (!request.staff) throw new AppError('UNAUTHORIZED', 401);
  return request.staff;
}

/** Who does a write, for the audit log. */
export function actorOf(request: FastifyRequest) {
  return { staffId: staffOf(request).id, ip: request.ip ?? null };
}
