import { hash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { CatalogueChange, CatalogueChanges } from '../lib/catalogue-changes.ts';
import type { CacheTagger } from './cached-routes.ts';

/** Browsers and shared caches may keep a catalogue answer 30 s, then use it 5 min while refreshing. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=300';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';
/** Names and texts follow `lang`, or Accept-Language without it (lib/lang.ts). */
const VARY = 'lang, accept-language, accept-encoding';

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);
// a 256 KB window: answers are far smaller, and the default 4 MB one costs memory on every call
const BROTLI_OPTIONS = {
  params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 },
};
/** Below this an answer is sent as it is (as @fastify/compress does). */
const COMPRESS_THRESHOLD = 1024;
/** What an entry costs beyond its bodies: key, headers, tags, the cache's own bookkeeping. */
const ENTRY_OVERHEAD = 256;

type Encoding = 'br' | 'gzip';

interface Entry {
  body: Buffer;
  etag: string;
  /** The headers of the first answer that belong to any answer (content type, security headers). */
  headers: Record<string, string>;
  tags: readonly string[];
  br?: Buffer;
  gzip?: Buffer;
}

/** What the cache decided about one request. */
interface Decision {
  key: string;
  tagger: CacheTagger;
  /** The invalidation count when the request started: an answer older than a change is not kept. */
  epoch: number;
  tags?: string[];
  /** The tagger has been asked (it may have thrown: the answer is then sent, not kept). */
  tagged?: boolean;
  hit?: boolean;
}

export interface ResponseCacheOptions {
  /** Bytes of answers kept in memory (bodies and their compressed forms); 0 keeps none. */
  maxBytes: number;
  /** Catalogue changes; nothing is kept without them, nor while they are not heard. */
  changes?: CatalogueChanges | undefined;
  /** Route (as declared, with its prefix) → tags of its answers. Other routes are never cached. */
  routes: Readonly<Record<string, CacheTagger>>;
}

export interface ResponseCache {
  readonly size: number;
  /** Bytes held now. */
  readonly bytes: number;
  has(key: string): boolean;
  /** Drops the answers with any of these tags (or all). */
  invalidate(change: CatalogueChange): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
}

/** The key of an answer: language, path and query. */
export function cacheKey(lang: string, url: string): string {
  return `${lang} ${url}`;
}

/** A weak validator: the same JSON is the same answer in any encoding. */
export function etagOf(body: string | Buffer): string {
  return `W/"${hash('sha1', body, 'base64url')}"`;
}

export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.slice(2);
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === bare;
  });
}

/** The encoding of a kept answer to send: brotli before gzip, none when neither is accepted. */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  let gzipAccepted = false;
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.find((p) => p.trim().startsWith('q='));
    if (q && Number(q.trim().slice(2)) === 0) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzipAccepted = true;
  }
  return gzipAccepted ? 'gzip' : undefined;
}

/** Headers that say something of this one answer, not of what is kept. */
const PER_ANSWER = new Set([
  'x-request-id',
  'content-length',
  'content-encoding',
  'etag',
  'cache-control',
  'vary',
  'x-cache',
  'set-cookie',
]);

/**
 * The headers a kept answer is sent with again: its content type and the security headers it was
 * first sent with, which are the same for every API answer (security-headers.ts).
 */
function lastingHeaders(reply: FastifyReply): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || PER_ANSWER.has(name)) continue;
    kept[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return kept;
}

const sizeOf = (entry: Entry, key: string) =>
  entry.body.length +
  (entry.br?.length ?? 0) +
  (entry.gzip?.length ?? 0) +
  key.length * 2 +
  entry.tags.reduce((sum, tag) => sum + tag.length + 16, 0) +
  Object.entries(entry.headers).reduce((sum, [k, v]) => sum + k.length + v.length, 0) +
  ENTRY_OVERHEAD;

/** How many past invalidations are remembered to judge answers computed meanwhile. */
const RECENT_CHANGES = 128;

function createStore(maxBytes: number) {
  /** Tag → keys of the answers carrying it. */
  const byTag = new Map<string, Set<string>>();
  const unindex = (key: string, tags: readonly string[]) => {
    for (const tag of tags) {
      const keys = byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) byTag.delete(tag);
    }
  };
  const lru =
    maxBytes > 0
      ? new LRUCache<string, Entry>({
          maxSize: maxBytes,
          sizeCalculation: sizeOf,
          dispose: (entry, key, reason) => {
            if (reason !== 'set') unindex(key, entry.tags);
          },
        })
      : undefined;
  let epoch = 0;
  const recent: { epoch: number; change: CatalogueChange }[] = [];

  return {
    lru,
    get epoch() {
      return epoch;
    },
    get(key: string) {
      return lru?.get(key);
    },
    /** Keeps an answer unless a change that touches it was announced since `since`. */
    set(key: string, entry: Entry, since: number): boolean {
      if (!lru) return false;
      if (since !== epoch) {
        const oldest = recent[0]?.epoch ?? epoch;
        if (since < oldest - 1) return false;
        for (const { epoch: at, change } of recent) {
          if (at <= since) continue;
          if (change.all || change.tags.some((tag) => entry.tags.includes(tag))) return false;
        }
      }
      lru.set(key, entry);
      if (!lru.has(key)) return false;
      for (const tag of entry.tags) {
        let keys = byTag.get(tag);
        if (!keys) {
          keys = new Set();
          byTag.set(tag, keys);
        }
        keys.add(key);
      }
      return true;
    },
    invalidate(change: CatalogueChange) {
      epoch += 1;
      recent.push({ epoch, change });
      if (recent.length > RECENT_CHANGES) recent.shift();
      if (!lru) return;
      if (change.all) {
        lru.clear();
        byTag.clear();
        return;
      }
      for (const tag of change.tags) {
        const keys = byTag.get(tag);
        if (!keys) continue;
        byTag.delete(tag);
        for (const key of keys) lru.delete(key);
      }
    },
  };
}

/**
 * Anonymous catalogue reads answered from memory, and the HTTP caching headers of every GET.
 *
 * - Only the routes of `routes`, only GET, only a 200, only without an `Authorization` header:
 *   a request carrying a token never reads or fills the shared cache.
 * - Keyed by language, path and query. Bounded by bytes (LRU). Dropped by tag when the database
 *   announces a change (lib/catalogue-changes.ts); all of it when listening is interrupted, and
 *   nothing is kept or served until listening again.
 * - Every JSON answer to a GET carries a weak `ETag` and answers 304 to a matching
 *   `If-None-Match`. Catalogue answers are public for 30 s (`Vary: lang, Accept-Language,
 *   Accept-Encoding`); any answer to a request with a token, or to a signed-in customer, is
 *   `private, no-store`.
 * - The body is kept as sent, and its brotli and gzip forms are made once in the background, so
 *   a hit costs no compression; until they exist @fastify/compress compresses the hit.
 * Registered before the security headers (a hit is sent with the headers of the first answer,
 * without working them out again) and before @fastify/compress, whose hooks run after these, so
 * what is kept is the uncompressed answer.
 */
export const responseCache = fp(
  async (app: FastifyInstance, options: ResponseCacheOptions) => {
    const store = createStore(options.maxBytes);
    const taggers = new Map(Object.entries(options.routes));
    const decisions = new WeakMap<FastifyRequest, Decision>();
    const unsubscribe = options.changes?.subscribe((change) => store.invalidate(change));
    app.addHook('onClose', async () => {
      unsubscribe?.();
    });
    const usable = () => store.lru !== undefined && options.changes?.live === true;

    app.decorate('responseCache', {
      get size() {
        return store.lru?.size ?? 0;
      },
      get bytes() {
        return store.lru?.calculatedSize ?? 0;
      },
      has: (key: string) => store.lru?.has(key) ?? false,
      invalidate: (change: CatalogueChange) => store.invalidate(change),
    } satisfies ResponseCache);

    const compressLater = (key: string, entry: Entry) => {
      if (entry.body.length < COMPRESS_THRESHOLD) return;
      void Promise.all([compressBrotli(entry.body, BROTLI_OPTIONS), compressGzip(entry.body)])
        .then(([br, gz]) => {
          if (store.lru?.peek(key) !== entry) return;
          // the same answer with its compressed forms, so the byte bound counts them too
          store.lru.set(key, { ...entry, br, gzip: gz });
        })
        .catch((err: unknown) => app.log.warn({ err }, 'could not compress a cached answer'));
    };

    const sendHit = (request: FastifyRequest, reply: FastifyReply, entry: Entry) => {
      reply.headers(entry.headers).headers({
        etag: entry.etag,
        'cache-control': PUBLIC_CACHE_CONTROL,
        vary: VARY,
        'x-cache': 'hit',
      });
      if (matchesEtag(request.headers['if-none-match'], entry.etag)) {
        return reply.code(304).send();
      }
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      const compressed = encoding && entry[encoding];
      if (encoding && compressed) {
        reply.header('content-encoding', encoding);
        return reply.send(compressed);
      }
      return reply.send(entry.body);
    };

    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || request.headers.authorization !== undefined) return;
      const tagger = taggers.get(request.routeOptions.url ?? '');
      if (!tagger) return;
      const key = cacheKey(request.lang, request.url);
      const decision: Decision = { key, tagger, epoch: store.epoch };
      decisions.set(request, decision);
      if (!usable()) return;
      const entry = store.get(key);
      if (!entry) return;
      decision.hit = true;
      return sendHit(request, reply, entry);
    });

    const tag = async (request: FastifyRequest, decision: Decision, answer: () => unknown) => {
      decision.tagged = true;
      try {
        decision.tags = await decision.tagger(request, answer());
      } catch (err) {
        // an answer whose tags cannot be told is sent, just not kept
        request.log.error({ err }, 'could not tag a catalogue answer for the cache');
      }
    };

    app.addHook('preSerialization', async (request, reply, payload) => {
      const decision = decisions.get(request);
      if (decision && !decision.hit && reply.statusCode === 200 && usable()) {
        await tag(request, decision, () => payload);
      }
      return payload;
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const decision = decisions.get(request);
      if (decision?.hit) return payload;
      const personal = request.headers.authorization !== undefined || request.customer !== null;
      if (personal) reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      if (decision) {
        reply.header('x-cache', 'miss');
        if (!personal && reply.statusCode === 200) {
          reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('vary', VARY);
        }
      }
      if (
        request.method !== 'GET' ||
        reply.statusCode !== 200 ||
        typeof payload !== 'string' ||
        reply.hasHeader('etag')
      ) {
        return payload;
      }
      const contentType = String(reply.getHeader('content-type') ?? '');
      if (!contentType.startsWith('application/json')) return payload;
      // an answer its route wrote as JSON text (search's) is not serialized, so it passed no
      // preSerialization: its tags are read from the text
      if (decision && !decision.tagged && usable()) {
        const text = payload;
        await tag(request, decision, () => JSON.parse(text));
      }
      const etag = etagOf(payload);
      reply.header('etag', etag);
      if (decision?.tags && usable()) {
        const entry: Entry = {
          body: Buffer.from(payload),
          etag,
          headers: lastingHeaders(reply),
          tags: decision.tags,
        };
        if (store.set(decision.key, entry, decision.epoch)) compressLater(decision.key, entry);
      }
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        reply.code(304);
        return '';
      }
      return payload;
    });
  },
  { name: 'response-cache' },
);
