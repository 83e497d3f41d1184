import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadRenderer, PageTemplate, pageHandler, type StorefrontRenderer } from './pages.ts';

const HASHED_ASSET = /^\/assets\//;

function cacheControlFor(url: string): string {
  if (HASHED_ASSET.test(url)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

export type PageHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * Serves the built storefront from the API's port. Hashed assets are cached for a year and
 * served as their brotli or gzip copy when the browser takes one; pages are rendered for each
 * request (public pages on the server, with their data) and never cached.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  renderer?: StorefrontRenderer,
  /** The shop's public address (PUBLIC_URL); the request's own when absent. */
  publicUrl?: string,
): Promise<PageHandler | undefined> {
  if (!existsSync(join(webDist, 'index.html'))) return undefined;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    // the page template is only ever sent filled in
    allowedPath: (path) => path !== '/index.html' && !path.startsWith('/.vite/'),
    setHeaders(reply, path) {
      const url = path
        .slice(webDist.length)
        .replaceAll('\\', '/')
        .replace(/\.(br|gz)$/, '');
      reply.header('cache-control', cacheControlFor(url));
    },
  });
  return pageHandler(
    app,
    new PageTemplate(webDist),
    renderer ?? (await loadRenderer(webDist)),
    publicUrl,
  );
}
