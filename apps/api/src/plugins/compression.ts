import { pipeline, type Readable } from 'node:stream';
import {
  brotliCompressSync,
  createBrotliCompress,
  createGzip,
  gzipSync,
  constants as zlibConstants,
} from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { preferredEncoding } from './response-cache.ts';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;
// a 256 KB window: the default 4 MB one costs memory on every answer compressed
const BROTLI_OPTIONS = {
  params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 },
};
const COMPRESSIBLE = /^text\/|[/+]json(?:;|$)|[/+]xml(?:;|$)|javascript/;

function isStream(payload: unknown): payload is Readable {
  return typeof (payload as Readable | null)?.pipe === 'function';
}

/**
 * Brotli or gzip for every answer of 1 KB or more whose type compresses (JSON, HTML, text),
 * through @fastify/compress. An answer that already names its `Content-Encoding` (a cached
 * answer compressed beforehand, a precompressed static file) is left as it is.
 *
 * @fastify/compress attaches itself to routes, and the not-found handler (which serves the
 * storefront's pages) is not one, so its answers are compressed here the same way.
 */
export const compression = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyCompress, {
      global: true,
      globalDecompression: false,
      threshold: COMPRESSION_THRESHOLD,
      encodings: ['br', 'gzip'],
      brotliOptions: BROTLI_OPTIONS,
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.is404 || payload === null || payload === undefined) return payload;
      if (reply.hasHeader('content-encoding') || reply.statusCode === 206) return payload;
      if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      if (!encoding) return payload;
      // a page varies by its language cookie too: keep what the answer already varies by
      const vary = reply.getHeader('vary');
      const varies = vary ? `${String(vary)}, accept-encoding` : 'accept-encoding';
      if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
        if (Buffer.byteLength(payload) < COMPRESSION_THRESHOLD) return payload;
        reply.header('content-encoding', encoding).header('vary', varies);
        return encoding === 'br' ? brotliCompressSync(payload, BROTLI_OPTIONS) : gzipSync(payload);
      }
      if (!isStream(payload)) return payload;
      if (Number(reply.getHeader('content-length') ?? Infinity) < COMPRESSION_THRESHOLD) {
        return payload;
      }
      reply.header('content-encoding', encoding).header('vary', varies);
      reply.removeHeader('content-length');
      const compressor = encoding === 'br' ? createBrotliCompress(BROTLI_OPTIONS) : createGzip();
      return pipeline(payload, compressor, () => {});
    });
  },
  { name: 'compression' },
);
