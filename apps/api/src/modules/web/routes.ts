import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const HASHED_ASSET = /^\/assets\//;

function cacheControlFor(url: string): string {
  if (url === '/index.html') return 'no-cache';
  if (HASHED_ASSET.test(url)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/**
 * Serves the built storefront from the API's port. Hashed assets are cached for a year;
 * index.html is never cached so a new release is picked up at once.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(join(webDist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    setHeaders(reply, path) {
      const url = path.slice(webDist.length).replaceAll('\\', '/');
      reply.header('cache-control', cacheControlFor(url));
    },
  });
  return true;
}

export function sendIndexHtml(reply: FastifyReply) {
  return reply.header('cache-control', 'no-cache').sendFile('index.html');
}
