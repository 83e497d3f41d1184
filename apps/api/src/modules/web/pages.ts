import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_LANG, LANGS, type Lang } from '@bozor/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLang } from '../../lib/lang.ts';
import { escapeMarkup } from '../../lib/markup.ts';

/** What the storefront's server entry (`apps/web/src/entry-server.tsx`) renders a page into. */
export interface RenderedPage {
  status: number;
  html: string;
  head: { title?: string; description?: string; image?: string; status?: number };
  state: string;
  modules: string[];
}

/** The storefront's server entry, as built into `dist-server/entry-server.js`. */
export interface StorefrontRenderer {
  render(request: {
    url: string;
    origin: string;
    lang: Lang;
    api: (url: string, init: RequestInit) => Promise<Response>;
  }): Promise<RenderedPage>;
  rendersOnServer(pathname: string): boolean;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The cookie the storefront keeps beside `iLang`, so pages render in the customer's language. */
const LANG_COOKIE = 'iLang';

function cookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** The page's language: the address's `?lang=` (the hreflang alternates), else the cookie, else uz. */
export function pageLang(request: FastifyRequest): Lang {
  const asked = (request.query as Record<string, unknown> | undefined)?.lang;
  if (isLang(asked)) return asked;
  const saved = cookie(request, LANG_COOKIE);
  return isLang(saved) ? saved : DEFAULT_LANG;
}

/** The page's own address in one language: `?lang=` replaced, other parameters kept. */
function addressIn(origin: string, url: string, lang: Lang | undefined): string {
  const address = new URL(url, origin);
  address.searchParams.delete('lang');
  // the shop's own language lives at the bare address, which is also the x-default: each
  // language version's canonical link names the address its hreflang link gives
  if (lang && lang !== DEFAULT_LANG) address.searchParams.set('lang', lang);
  return address.toString();
}

/**
 * The built storefront's HTML page, filled in for one request: language, head, the rendered
 * markup, its data and the preloads of the code it needs.
 */
export class PageTemplate {
  private readonly before: string;
  private readonly after: string;
  private readonly manifest: Manifest;
  /** The chunks of each set of modules asked for so far. */
  private readonly chunks = new Map<string, string[]>();

  constructor(webDist: string) {
    const html = PageTemplate.startAfterPaint(readFileSync(join(webDist, 'index.html'), 'utf8'));
    const [before, after] = html.split('<div id="root"></div>');
    if (before === undefined || after === undefined) {
      throw new Error('index.html has no <div id="root"></div>');
    }
    this.before = before;
    this.after = after;
    const manifestPath = join(webDist, '.vite', 'manifest.json');
    this.manifest = existsSync(manifestPath)
      ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest)
      : {};
  }

  /**
   * The build's page loads the storefront's entry and preloads its chunks in `<head>`, all at
   * high priority beside the page's own first paint. Instead the page names the entry and runs
   * `/start.js`, which fetches it once the page has been painted; nothing is preloaded.
   */
  static startAfterPaint(html: string): string {
    const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
    if (!entry?.[1]) return html;
    const start = `<meta name="bozor-entry" content="${entry[1]}">\n    <script type="module" src="/start.js"></script>`;
    return html
      .replace(entry[0], () => start)
      .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '');
  }

  /** The files of `modules` and everything they import, once each. */
  private chunksOf(modules: string[]): string[] {
    // a handful of module sets (a page and a language): each is walked once
    const key = modules.join('\n');
    const known = this.chunks.get(key);
    if (known) return known;
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = this.manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const module of modules) visit(module);
    const found = [...files];
    this.chunks.set(key, found);
    return found;
  }

  /**
   * The page as the browser gets it; without `page` the browser renders it itself. Values go in
   * through replacement functions: in a replacement string `$&`, `$'` or `` $` `` in a product's
   * name would insert parts of the page.
   */
  fill(options: {
    lang: Lang;
    origin: string;
    url: string;
    page?: RenderedPage;
    /** Markup for inside `#root` when there is no rendered page (the error page). */
    body?: string;
  }): string {
    const { lang, origin, url, page } = options;
    const head: string[] = [];
    let before = this.before.replace(/<html lang="[^"]*"/, () => `<html lang="${lang}"`);
    const modules = [`src/locales/${lang}.json`, ...(page?.modules ?? [])];
    for (const file of this.chunksOf(modules)) {
      if (!this.before.includes(`content="/${file}"`)) {
        // fetched early but after the page's picture and styles: the storefront needs them soon
        head.push(`<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`);
      }
    }
    if (page) {
      if (page.head.title) {
        const title = `<title>${escapeMarkup(page.head.title)}</title>`;
        before = before.replace(/<title>[^<]*<\/title>/, () => title);
        head.push(`<meta property="og:title" content="${escapeMarkup(page.head.title)}">`);
      }
      if (page.head.description) {
        const description = escapeMarkup(page.head.description);
        const meta = `<meta name="description" content="${description}" />`;
        before = before.replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => meta);
        head.push(`<meta property="og:description" content="${description}">`);
      }
      if (page.head.image) {
        head.push(
          `<meta property="og:image" content="${escapeMarkup(new URL(page.head.image, origin).toString())}">`,
        );
      }
      if (page.status === 200) {
        const canonical = escapeMarkup(addressIn(origin, url, lang));
        head.push(`<link rel="canonical" href="${canonical}">`);
        head.push(`<meta property="og:url" content="${canonical}">`);
        for (const other of LANGS) {
          head.push(
            `<link rel="alternate" hreflang="${other}" href="${escapeMarkup(addressIn(origin, url, other))}">`,
          );
        }
        head.push(
          `<link rel="alternate" hreflang="x-default" href="${escapeMarkup(addressIn(origin, url, undefined))}">`,
        );
      }
    }
    const tags = `${head.join('\n    ')}\n  </head>`;
    before = before.replace('</head>', () => tags);
    const root = page
      ? `<div id="root">${page.html}</div><script id="bozor-state" type="application/json">${page.state}</script>`
      : `<div id="root">${options.body ?? ''}</div>`;
    return `${before}${root}${this.after}`;
  }
}

/** The storefront's server entry, when the storefront was built with it. */
export async function loadRenderer(webDist: string): Promise<StorefrontRenderer | undefined> {
  const entry = join(webDist, '..', 'dist-server', 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  return (await import(pathToFileURL(entry).href)) as StorefrontRenderer;
}

const FAILURE_TEXT: Record<Lang, { title: string; text: string; retry: string }> = {
  uz: {
    title: "Sahifani ochib bo'lmadi",
    text: "Nimadir noto'g'ri ketdi. Sahifani yangilab ko'ring.",
    retry: 'Qayta urinish',
  },
  ru: {
    title: 'Не удалось открыть страницу',
    text: 'Что-то пошло не так. Попробуйте обновить страницу.',
    retry: 'Повторить',
  },
};

/** What a page that failed to render shows until the storefront's code takes over. */
function failureBody(lang: Lang): string {
  const text = FAILURE_TEXT[lang];
  return `<main class="mx-auto flex max-w-[1280px] flex-col items-center gap-3 px-4 py-16 text-center"><h1 class="text-xl font-bold text-ink">${text.title}</h1><p class="text-muted">${text.text}</p><a class="font-semibold text-primary" href="">${text.retry}</a></main>`;
}

/** Answers page requests: rendered on the server where the storefront does so, else its shell. */
export function pageHandler(
  app: FastifyInstance,
  template: PageTemplate,
  renderer: StorefrontRenderer | undefined,
  publicUrl?: string,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const lang = pageLang(request);
    // the address canonical links, alternates and JSON-LD name, as the sitemaps do
    const origin = publicUrl ?? `${request.protocol}://${request.host}`;
    const url = request.url;
    const pathname = url.split('?')[0] ?? '/';
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie')
      .type('text/html; charset=utf-8');
    if (!renderer?.rendersOnServer(pathname)) {
      return reply.send(template.fill({ lang, origin, url }));
    }
    try {
      const page = await renderer.render({
        url,
        origin,
        lang,
        api: async (path, init) => {
          const answer = await app.inject({
            method: (init.method ?? 'GET') as 'GET',
            url: path,
            headers: { ...(init.headers as Record<string, string>) },
            remoteAddress: request.ip,
          });
          return new Response(answer.statusCode === 204 ? null : answer.payload, {
            status: answer.statusCode,
            headers: answer.headers as Record<string, string>,
          });
        },
      });
      return reply.code(page.status).send(template.fill({ lang, origin, url, page }));
    } catch (err) {
      request.log.error({ err, url }, 'server rendering failed');
      return reply.code(500).send(template.fill({ lang, origin, url, body: failureBody(lang) }));
    }
  };
}
