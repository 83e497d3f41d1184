import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { customers, sessions } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { hashToken } from '../lib/tokens.ts';

export interface CurrentCustomer {
  id: number;
  phone: string;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    customer: CurrentCustomer | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return match?.[1] ?? null;
}

/** Gives every request a `customer`, set only by the sign-in check of a `customerRoute`. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('customer', null);
});

/** Answers 401 unless the bearer token is a live session, whose customer it sets on the request. */
async function requireCustomer(request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  if (!header) throw new AppError('UNAUTHORIZED', 401);
  const token = bearerToken(request);
  if (!token) throw new AppError('SESSION_INVALID', 401);
  const [row] = await request.server.db
    .select({ id: customers.id, phone: customers.phone, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('SESSION_INVALID', 401);
  request.customer = row;
}

const BEARER = [{ bearer: [] }];

/**
 * The options of a route only a signed-in customer may call: the one way to attach the sign-in
 * check. It runs on request, before the body is read or validated, so a caller without a session
 * gets the same 401 whatever it sent; the OpenAPI document marks the route with the bearer scheme.
 */
export function customerRoute<O extends { schema: FastifySchema }>(options: O) {
  return {
    ...options,
    onRequest: requireCustomer,
    schema: { ...options.schema, security: BEARER },
  };
}

/** The signed-in customer of a `customerRoute`. */
export function customerOf(request: FastifyRequest): CurrentCustomer {
  if (!request.customer) throw new AppError('UNAUTHORIZED', 401);
  return request.customer;
}
