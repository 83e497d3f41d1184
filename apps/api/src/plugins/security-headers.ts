import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Browser features the storefront uses: none of these. Scoring's face photo comes from a file
 * input, which needs no permission.
 */
const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

export const PERMISSIONS_POLICY = DENIED_FEATURES.map((feature) => `${feature}=()`).join(', ');

declare module 'fastify' {
  interface FastifyReply {
    /** A page's own script nonce: an inline script of the page needs it (`<script nonce>`). */
    cspNonce: { script: string } | null;
  }
}

/** What helmet sets, for answers whose headers are all the same. */
function recorded(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

const nonces = new WeakMap<ServerResponse, string>();

function helmetOptions(production: boolean, withNonce: boolean): HelmetOptions {
  const nonce = (_request: IncomingMessage, response: ServerResponse) =>
    `'nonce-${nonces.get(response) ?? ''}'`;
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: withNonce ? ["'self'", nonce] : ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'"],
        // server-rendered pages carry data-driven colours (a tag's, a banner's) in style
        // attributes; a style attribute cannot run script, and <style> elements stay refused
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // Pages embed nothing from other origins; the media and API answers are same-origin.
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers of every answer, pages and API alike (helmet's, with Bozor's CSP). The session
 * token lives in localStorage, so the CSP allows scripts only from the shop itself. A page's CSP
 * also names a nonce of its own (`reply.cspNonce.script`) for any script it inlines. An API
 * answer runs no script: its headers are the same for every answer, worked out once.
 */
export const securityHeaders = fp(
  async (app: FastifyInstance, options: { production: boolean }) => {
    const pageHeaders = helmet(helmetOptions(options.production, true));
    const apiHeaders = {
      ...recorded(helmet(helmetOptions(options.production, false))),
      'permissions-policy': PERMISSIONS_POLICY,
    };
    app.decorateReply('cspNonce', null);
    app.addHook('onRequest', (request, reply, done) => {
      if (request.url.startsWith('/api/')) {
        reply.headers(apiHeaders);
        done();
        return;
      }
      const script = randomBytes(16).toString('base64');
      reply.cspNonce = { script };
      nonces.set(reply.raw, script);
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      pageHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
    });
  },
  { name: 'security-headers' },
);
