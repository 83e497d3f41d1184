import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_PATTERN, IdempotencyHeaders } from '@bozor/shared';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type {
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  onSendHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import type { Executor } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { customerOf } from './auth.ts';

/** How long a key and its answer are kept. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** Keys deleted per statement, so a long backlog never holds one huge delete. */
const CLEANUP_BATCH = 5_000;
/**
 * A key still pending this long belongs to a request whose process died before it answered: a
 * repeat may take it over. Longer than any request runs (the card gateway gives up after 30 s).
 */
const PENDING_LEASE = sql`interval '2 minutes'`;
const TTL = sql`interval '24 hours'`;

/** A 408 or 429 says "try again": a repeat should run, not get the same refusal back. */
const TRANSIENT_STATUSES = new Set([408, 425, 429]);

interface Claim {
  id: number;
  scopedKey: string;
}

const claims = new WeakMap<FastifyRequest, Claim>();

/** JSON with object keys sorted, so the same body always gives the same fingerprint. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method}\n${request.url}\n${canonicalJson(request.body)}`)
    .digest('hex');
}

/**
 * Takes the key for this request: a new row, or one that has expired, or a pending one of the
 * same request whose lease has passed. Undefined when another request holds it.
 */
async function claimKey(
  db: Executor,
  row: { customerId: number; route: string; key: string; fingerprint: string },
): Promise<number | undefined> {
  const [taken] = await db
    .insert(idempotencyKeys)
    .values(row)
    .onConflictDoUpdate({
      target: [idempotencyKeys.customerId, idempotencyKeys.route, idempotencyKeys.key],
      set: {
        fingerprint: sql`excluded.fingerprint`,
        state: 'pending',
        statusCode: null,
        response: null,
        createdAt: sql`now()`,
      },
      setWhere: sql`${idempotencyKeys.createdAt} < now() - ${TTL} or (${idempotencyKeys.state} = 'pending' and ${idempotencyKeys.fingerprint} = excluded.fingerprint and ${idempotencyKeys.createdAt} < now() - ${PENDING_LEASE})`,
    })
    .returning({ id: idempotencyKeys.id });
  return taken?.id;
}

async function findKey(db: Executor, customerId: number, route: string, key: string) {
  const [row] = await db
    .select({
      fingerprint: idempotencyKeys.fingerprint,
      state: idempotencyKeys.state,
      statusCode: idempotencyKeys.statusCode,
      // the text as it was sent, not a re-serialised copy
      response: sql<string | null>`${idempotencyKeys.response}::text`,
    })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.customerId, customerId),
        eq(idempotencyKeys.route, route),
        eq(idempotencyKeys.key, key),
      ),
    );
  return row;
}

/** Deletes keys older than 24 hours; their requests may run again. Returns how many. */
export async function deleteExpiredIdempotencyKeys(
  db: Executor,
  now: Date = new Date(),
  batch = CLEANUP_BATCH,
): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS);
  let deleted = 0;
  for (;;) {
    const expired = db
      .select({ id: idempotencyKeys.id })
      .from(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, cutoff))
      .limit(batch);
    const rows = await db
      .delete(idempotencyKeys)
      .where(inArray(idempotencyKeys.id, expired))
      .returning({ id: idempotencyKeys.id });
    deleted += rows.length;
    if (rows.length < batch) return deleted;
  }
}

/**
 * Whose keys a request's key is among: the signed-in customer's, or on a back-office route the
 * customer whose money it moves (it may refuse, a 404, when there is no such customer).
 */
export type IdempotencyScope = (request: FastifyRequest) => number | Promise<number>;

const signedInCustomer: IdempotencyScope = (request) => customerOf(request).id;

const takeIdempotencyKey =
  (scopeOf: IdempotencyScope) => async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.headers['idempotency-key'];
    if (key === undefined) throw new AppError('IDEMPOTENCY_KEY_REQUIRED', 400);
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw new AppError('IDEMPOTENCY_KEY_INVALID', 400);
    }
    const customerId = await scopeOf(request);
    const route = `${request.method} ${request.routeOptions.url}`;
    const fingerprint = fingerprintOf(request);
    const db = request.server.db;
    // a key released or expired between the claim and the read is claimed again
    for (let tries = 0; tries < 3; tries += 1) {
      const id = await claimKey(db, { customerId, route, key, fingerprint });
      if (id !== undefined) {
        claims.set(request, { id, scopedKey: `${customerId}:${route}:${key}` });
        return;
      }
      const held = await findKey(db, customerId, route, key);
      if (!held) continue;
      if (held.fingerprint !== fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED', 422);
      if (held.state === 'pending') {
        throw new AppError('IDEMPOTENCY_KEY_IN_USE', 409, undefined, { retryAfter: 1 });
      }
      return reply
        .code(held.statusCode ?? 200)
        .header('idempotent-replayed', 'true')
        .type('application/json; charset=utf-8')
        .send(held.response);
    }
    throw new AppError('IDEMPOTENCY_KEY_IN_USE', 409, undefined, { retryAfter: 1 });
  };

/**
 * Keeps the answer of a request that took its key: a success or a refusal the same request
 * would get again (2xx, 4xx). A server failure or a "try again" releases the key so a retry runs.
 */
const keepAnswer = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
  const claim = claims.get(request);
  if (!claim) return payload;
  claims.delete(request);
  const status = reply.statusCode;
  const keep =
    typeof payload === 'string' &&
    ((status >= 200 && status < 300) ||
      (status >= 400 && status < 500 && !TRANSIENT_STATUSES.has(status)));
  const db = request.server.db;
  try {
    if (keep) {
      await db
        .update(idempotencyKeys)
        .set({ state: 'done', statusCode: status, response: sql`${payload}::json` })
        .where(eq(idempotencyKeys.id, claim.id));
    } else {
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, claim.id));
    }
  } catch (err) {
    // The customer still gets this answer. The key stays pending, so a repeat runs again only
    // after the lease; the keys the handler gave the gateway and the ledger stop a second charge.
    request.log.error({ err }, 'could not keep the answer of an idempotent request');
  }
  return payload;
};

type Hooks<H> = H | H[] | undefined;
const listOf = <H>(hooks: Hooks<H>): H[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * The options of a POST that pays or creates an order: it takes an `Idempotency-Key` header
 * (400 without a well-formed one). The first request with a key runs and its answer is kept
 * for 24 hours; a repeat with the same key and the same method, path and body gets that answer
 * (same status and body, `Idempotent-Replayed: true`) without the handler running again; the
 * same key with another body is a 422, and a repeat while the first still runs a 409. Keys are
 * the customer's own: wrap the result in `customerRoute`, whose sign-in check runs first. A
 * back-office route that moves a customer's money passes `scopeOf`, the customer it moves it for;
 * the route pattern keeps its keys apart from the customer's own.
 * The key runs after the route's own preHandlers (its limits).
 */
export function idempotent<
  O extends {
    schema: FastifySchema;
    preHandler?: Hooks<preHandlerHookHandler>;
    onSend?: Hooks<onSendHookHandler>;
  },
>(options: O, scopeOf: IdempotencyScope = signedInCustomer) {
  return {
    ...options,
    schema: { ...options.schema, headers: IdempotencyHeaders },
    preHandler: [...listOf(options.preHandler), takeIdempotencyKey(scopeOf)],
    onSend: [...listOf(options.onSend), keepAnswer],
  };
}

/**
 * The key of an idempotent request, unique across the shop (customer, route, key): a handler
 * passes it, or a key made from it (`${key}:prepayment`), to the card gateway and the ledger,
 * so that even a request run twice after a crash cannot pay twice.
 */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const claim = claims.get(request);
  if (!claim) throw new Error('idempotencyKeyOf: the route is not idempotent()');
  return claim.scopedKey;
}
