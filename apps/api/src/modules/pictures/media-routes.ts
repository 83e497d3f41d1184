import { ALL_PICTURE_WIDTHS, ErrorBody, PICTURE_FORMATS } from '@bozor/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { matchesEtag } from '../media/index.ts';
import { pictureFile, variantKey } from './service.ts';
import { VARIANT_TYPES } from './variants.ts';

const Hash = z.string().regex(/^[0-9a-f]{32}$/);
const VARIANT = new RegExp(`^(${ALL_PICTURE_WIDTHS.join('|')})\\.(${PICTURE_FORMATS.join('|')})$`);
const notFound = () => new AppError('MEDIA_NOT_FOUND', 404);

/** A variant never changes under its address (the address names its bytes): cached for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const headers = (contentType: string, etag: string) => ({
  'content-type': contentType,
  'cache-control': IMMUTABLE,
  'x-content-type-options': 'nosniff',
  etag,
});
const etagOf = (key: string) => `"${key.replaceAll('/', '-')}"`;

async function send(
  request: FastifyRequest,
  reply: FastifyReply,
  hash: string,
  variant?: { width: number; format: 'avif' | 'webp' },
) {
  const storage = request.server.storage;
  if (variant) {
    const key = variantKey(hash, variant.width, variant.format);
    if (matchesEtag(request.headers['if-none-match'], etagOf(key))) {
      return reply
        .headers(headers(VARIANT_TYPES[variant.format], etagOf(key)))
        .code(304)
        .send();
    }
    const direct = storage.url(key);
    // a day: where the bucket is read from may change, what a key holds never does
    if (direct) return reply.header('cache-control', 'public, max-age=86400').redirect(direct, 302);
  }
  const found = await pictureFile(storage, hash, variant);
  if (!found) throw notFound();
  const { key, file } = found;
  const direct = storage.url(key);
  if (direct) {
    file.body.destroy();
    return reply.header('cache-control', 'public, max-age=86400').redirect(direct, 302);
  }
  reply.headers(headers(file.contentType, etagOf(key)));
  if (matchesEtag(request.headers['if-none-match'], etagOf(key))) {
    file.body.destroy();
    return reply.code(304).send();
  }
  if (file.size !== undefined) reply.header('content-length', file.size);
  return reply.send(file.body);
}

/**
 * The uploaded pictures: `/media/u/<hash>/<width>.<avif|webp>` one variant, `/media/u/<hash>`
 * its largest WebP (for an `<img>` that names only the path).
 */
export const pictureMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/u/:hash/:variant',
    {
      schema: {
        tags: ['media'],
        summary: 'One variant of an uploaded picture: {width}.avif or {width}.webp',
        params: z.object({ hash: z.string(), variant: z.string() }),
        response: { 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const match = VARIANT.exec(request.params.variant);
      if (!Hash.safeParse(request.params.hash).success || !match) throw notFound();
      const format = match[2] as 'avif' | 'webp';
      return send(request, reply, request.params.hash, { width: Number(match[1]), format });
    },
  );

  app.get(
    '/media/u/:hash',
    {
      schema: {
        tags: ['media'],
        summary: 'An uploaded picture at its largest width, as WebP',
        params: z.object({ hash: z.string() }),
        response: { 404: ErrorBody },
      },
    },
    async (request, reply) => {
      if (!Hash.safeParse(request.params.hash).success) throw notFound();
      return send(request, reply, request.params.hash);
    },
  );
};
