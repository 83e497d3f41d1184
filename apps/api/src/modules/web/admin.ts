import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The back office's own policy: scripts, styles and connections only from the shop itself, no
 * style attributes, no inline script (its page has none), pictures from the shop or a data URL
 * (the authenticator's QR code), never inside a frame.
 */
export const ADMIN_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self'",
  "style-src-attr 'none'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** What every answer under /admin carries: kept out of search engines and of other sites' frames. */
const ADMIN_HEADERS = {
  'content-security-policy': ADMIN_CSP,
  'x-robots-tag': 'noindex, nofollow',
  'referrer-policy': 'same-origin',
};

/**
 * Serves the built back office (apps/admin) at /admin: its hashed assets cached for a year, its
 * one page for every path under /admin (the app routes in the browser), never cached. Returns
 * false when it is not built.
 */
export async function registerAdminApp(app: FastifyInstance, adminDist: string): Promise<boolean> {
  const index = join(adminDist, 'index.html');
  if (!existsSync(index)) return false;
  const page = readFileSync(index, 'utf8');
  await app.register(fastifyStatic, {
    root: join(adminDist, 'assets'),
    prefix: '/admin/assets/',
    decorateReply: false,
    index: false,
    preCompressed: true,
    setHeaders(reply) {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('x-robots-tag', 'noindex, nofollow');
    },
  });
  const sendPage = (reply: FastifyReply) =>
    reply
      .headers({ ...ADMIN_HEADERS, 'cache-control': 'no-store' })
      .type('text/html; charset=utf-8')
      .send(page);
  app.get('/admin', { schema: { hide: true } }, (_request, reply) => sendPage(reply));
  app.get('/admin/*', { schema: { hide: true } }, (_request, reply) => sendPage(reply));
  return true;
}
