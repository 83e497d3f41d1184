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

/** The pictures of the demo shop (@bozor/demo): product photos, category icons, brands, banners. */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/*',
    {
      schema: {
        tags: ['media'],
        summary:
          'Picture (SVG): products/{kind}/{variant}.svg (0–9999; 4k…4k+3 are one item seen four ways), categories/{kind}.svg, brands/{slug}.svg, banners/{n}.svg (1–8)',
        params: z.object({ '*': z.string() }),
        response: { 404: ErrorBody },
      },
    },
    async (request, reply) =>
      sendSvg(request, reply, service.mediaFile(`/media/${request.params['*']}`)),
  );

  app.get('/media', { schema: { hide: true } }, async () => {
    throw service.mediaNotFound();
  });
};
