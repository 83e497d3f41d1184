import { ErrorBody } from '@bozor/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './service.ts';

const SVG_HEADERS = {
  'content-type': 'image/svg+xml; charset=utf-8',
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
};

function sendSvg(request: FastifyRequest, reply: FastifyReply, file: service.MediaFile) {
  reply.headers({ ...SVG_HEADERS, etag: file.etag });
  if (service.matchesEtag(request.headers['if-none-match'], file.etag)) {
    return reply.code(304).send();
  }
  return reply.send(file.body);
}

const notFoundOnly = { 404: ErrorBody };

/** Generated illustrations: product photos, category icons, brand wordmarks and home banners. */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/products/:kind/:file',
    {
      schema: {
        tags: ['media'],
        summary:
          'Product photo (SVG): {variant}.svg, 0–9999; variants 4k…4k+3 are one item seen four ways',
        params: z.object({ kind: z.string(), file: z.string() }),
        response: notFoundOnly,
      },
    },
    async (request, reply) =>
      sendSvg(request, reply, service.productImage(request.params.kind, request.params.file)),
  );

  app.get(
    '/media/categories/:file',
    {
      schema: {
        tags: ['media'],
        summary: 'Round category icon (SVG): {kind}.svg',
        params: z.object({ file: z.string() }),
        response: notFoundOnly,
      },
    },
    async (request, reply) => sendSvg(request, reply, service.categoryIcon(request.params.file)),
  );

  app.get(
    '/media/brands/:file',
    {
      schema: {
        tags: ['media'],
        summary: 'Brand wordmark (SVG): {slug}.svg',
        params: z.object({ file: z.string() }),
        response: notFoundOnly,
      },
    },
    async (request, reply) => sendSvg(request, reply, service.brandLogo(request.params.file)),
  );

  app.get(
    '/media/banners/:file',
    {
      schema: {
        tags: ['media'],
        summary: 'Home banner 1200×400 without text (SVG): {n}.svg, 1–8',
        params: z.object({ file: z.string() }),
        response: notFoundOnly,
      },
    },
    async (request, reply) => sendSvg(request, reply, service.bannerImage(request.params.file)),
  );

  const missing = async () => {
    throw service.mediaNotFound();
  };
  app.get('/media', { schema: { hide: true } }, missing);
  app.get('/media/*', { schema: { hide: true } }, missing);
};
