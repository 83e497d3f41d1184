import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { customers, sessions } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { hashToken } from '../modules/accounts/tokens.ts';

export interface CurrentCustomer {
  id: number;
  phone: string;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: answers 401 unless the bearer token is a live session. */
    requireCustomer: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
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

/** Resolves the session of the bearer token; routes opt in with `preHandler: app.requireCustomer`. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('customer', null);
  app.decorate('requireCustomer', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header) throw new AppError('UNAUTHORIZED', 401);
    const token = bearerToken(request);
    if (!token) throw new AppError('SESSION_INVALID', 401);
    const [row] = await app.db
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
  });
});

/** The signed-in customer of a route behind `requireCustomer`. */
export function customerOf(request: FastifyRequest): CurrentCustomer {
  if (!request.customer) throw new AppError('UNAUTHORIZED', 401);
  return request.customer;
}
