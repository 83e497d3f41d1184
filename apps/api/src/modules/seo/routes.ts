import { Readable } from 'node:stream';
import { ErrorBody } from '@bozor/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './service.ts';

export interface SeoOptions {
  /** The shop's public address (PUBLIC_URL); the request's own when absent. */
  publicUrl?: string | undefined;
  /** `<url>` entries per sitemap file; the protocol's 50,000 when absent. */
  urlsPerSitemap?: number | undefined;
}

// crawlers come back daily at most; an hour keeps a new product from waiting long
const CACHE = 'public, max-age=3600';

function sendXml(reply: FastifyReply, body: string | Readable) {
  return reply.type('application/xml; charset=utf-8').header('cache-control', CACHE).send(body);
}

/** robots.txt and the sitemaps of the catalogue, at the root of the shop's address. */
export const seoRoutes: FastifyPluginAsyncZod<SeoOptions> = async (app, options) => {
  const urlsPerSitemap = options.urlsPerSitemap ?? service.URLS_PER_SITEMAP;
  const originOf = (request: FastifyRequest) =>
    options.publicUrl ?? `${request.protocol}://${request.host}`;

  app.get(
    '/robots.txt',
    { schema: { tags: ['seo'], summary: 'What crawlers may visit, and where the sitemap is' } },
    async (request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', CACHE)
        .send(service.robotsTxt(originOf(request))),
  );

  app.get(
    '/sitemap.xml',
    {
      schema: {
        tags: ['seo'],
        summary: 'Sitemap index: the files of categories, brands and products',
      },
    },
    async (request, reply) =>
      sendXml(reply, await service.sitemapIndex(app.db, originOf(request), urlsPerSitemap)),
  );

  app.get(
    '/sitemaps/:file',
    {
      schema: {
        tags: ['seo'],
        summary:
          'One sitemap file ({categories|brands|products}-{n}.xml): each page in Uzbek and Russian with its alternates',
        params: z.object({ file: z.string() }),
        response: { 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const chunks = await service.sitemapFile(
        app.db,
        originOf(request),
        request.params.file,
        urlsPerSitemap,
      );
      return sendXml(reply, Readable.from(chunks));
    },
  );
};
