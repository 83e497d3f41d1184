import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  PageTemplate,
  type RenderedPage,
  type StorefrontRenderer,
} from '../../../src/modules/web/pages.ts';
import { useTestApp } from '../../helpers/app.ts';

const webDist = mkdtempSync(join(tmpdir(), 'bozor-web-pages-'));
mkdirSync(join(webDist, 'assets'));
mkdirSync(join(webDist, '.vite'));
writeFileSync(
  join(webDist, 'index.html'),
  [
    '<!doctype html>',
    '<html lang="uz">',
    '  <head>',
    '    <meta name="description" content="Bozor" />',
    '    <title>Bozor</title>',
    '    <script type="module" crossorigin src="/assets/entry-1.js"></script>',
    '  </head>',
    '  <body>',
    '    <div id="root"></div>',
    '  </body>',
    '</html>',
  ].join('\n'),
);
writeFileSync(
  join(webDist, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/entry-1.js', isEntry: true },
    'src/locales/uz.json': { file: 'assets/uz-1.js' },
    'src/locales/ru.json': { file: 'assets/ru-1.js' },
    'src/features/product/components/product-page.tsx': {
      file: 'assets/product-page-1.js',
      imports: ['_shared-1.js', 'index.html'],
    },
    '_shared-1.js': { file: 'assets/shared-1.js' },
  }),
);
const script = 'console.log("Bozor");'.repeat(100);
writeFileSync(join(webDist, 'assets', 'entry-1.js'), script);
writeFileSync(join(webDist, 'assets', 'entry-1.js.br'), brotliCompressSync(script));
writeFileSync(join(webDist, 'assets', 'entry-1.js.gz'), gzipSync(script));

type RenderCall = Parameters<StorefrontRenderer['render']>[0];

const calls: RenderCall[] = [];
let failNext = false;

/** A storefront that renders the product it is asked for through the API it is given. */
const renderer: StorefrontRenderer = {
  rendersOnServer: (pathname) => !pathname.startsWith('/profile'),
  async render(request): Promise<RenderedPage> {
    calls.push(request);
    if (failNext) {
      failNext = false;
      throw new Error('the page broke');
    }
    const answer = await request.api('/api/contacts', { headers: { lang: request.lang } });
    const missing = request.url.includes('missing');
    return {
      status: missing ? 404 : 200,
      html: `<h1>Mahsulot &amp; ${request.lang}</h1><p>${answer.status}</p>${
        request.url.includes('long') ? '<p>Telefon</p>'.repeat(200) : ''
      }`,
      head: { title: 'Telefon <A> — Bozor', description: 'Zo‘r "telefon"', image: '/media/1.svg' },
      state: '{"queries":[]}',
      modules: ['src/features/product/components/product-page.tsx'],
    };
  },
};

const logs: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logs.push(String(chunk));
    done();
  },
});

describe('storefront pages', () => {
  const ctx = useTestApp({ webDist, renderer, logger: { level: 'error', stream: logStream } });

  it('renders a public page on the server with its head, data and preloads', async () => {
    const res = await ctx.app.inject({
      url: '/product/telefon?ref=1',
      headers: { host: 'shop.uz' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const body = res.body;
    expect(body).toContain('<html lang="uz">');
    expect(body).toContain('<div id="root"><h1>Mahsulot &amp; uz</h1><p>200</p></div>');
    expect(body).toContain(
      '<script id="bozor-state" type="application/json">{"queries":[]}</script>',
    );
    expect(body).toContain('<title>Telefon &lt;A&gt; — Bozor</title>');
    expect(body).toContain('<meta name="description" content="Zo‘r &quot;telefon&quot;" />');
    expect(body).toContain('<meta property="og:image" content="http://shop.uz/media/1.svg">');
    expect(body).toContain('<link rel="canonical" href="http://shop.uz/product/telefon?ref=1">');
    expect(body).toContain(
      '<link rel="alternate" hreflang="ru" href="http://shop.uz/product/telefon?ref=1&amp;lang=ru">',
    );
    // Uzbek, the shop's own language, lives at the bare address: the canonical link names the
    // address its own hreflang link gives, never another language's
    expect(body).toContain(
      '<link rel="alternate" hreflang="uz" href="http://shop.uz/product/telefon?ref=1">',
    );
    expect(body).toContain(
      '<link rel="alternate" hreflang="x-default" href="http://shop.uz/product/telefon?ref=1">',
    );
    // the storefront starts after the first paint: the page names its entry and runs /start.js
    expect(body).toContain('<meta name="bozor-entry" content="/assets/entry-1.js">');
    expect(body).toContain('<script type="module" src="/start.js"></script>');
    expect(body).not.toContain('src="/assets/entry-1.js"');
    // the page's code and its language's texts are fetched early, at low priority
    const preload = (file: string) =>
      `<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/${file}">`;
    expect(body).toContain(preload('product-page-1.js'));
    expect(body).toContain(preload('shared-1.js'));
    expect(body).toContain(preload('uz-1.js'));
    expect(body).not.toContain('ru-1.js');
    expect(calls.at(-1)).toMatchObject({
      url: '/product/telefon?ref=1',
      lang: 'uz',
      origin: 'http://shop.uz',
    });
  });

  it('takes the language from ?lang=, else from the iLang cookie', async () => {
    const asked = await ctx.app.inject({
      url: '/product/telefon?lang=ru',
      headers: { cookie: 'iLang=uz' },
    });
    expect(asked.body).toContain('<html lang="ru">');
    expect(asked.body).toContain('Mahsulot &amp; ru');
    expect(asked.body).toContain('/assets/ru-1.js');
    const saved = await ctx.app.inject({
      url: '/product/telefon',
      headers: { cookie: 'a=1; iLang=ru' },
    });
    expect(saved.body).toContain('<html lang="ru">');
    const unknown = await ctx.app.inject({
      url: '/product/telefon?lang=en',
      headers: { cookie: 'iLang=de' },
    });
    expect(unknown.body).toContain('<html lang="uz">');
  });

  it('answers the status the page gives, without canonical links for a missing page', async () => {
    const res = await ctx.app.inject({ url: '/product/missing' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Mahsulot');
    expect(res.body).not.toContain('rel="canonical"');
  });

  it('sends the signed-in areas as the shell the browser renders', async () => {
    const before = calls.length;
    const res = await ctx.app.inject({ url: '/profile/orders', headers: { cookie: 'iLang=ru' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="ru">');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('bozor-state');
    expect(calls.length).toBe(before);
  });

  it('answers a page that fails to render with an error page, and logs it', async () => {
    failNext = true;
    const res = await ctx.app.inject({ url: '/product/telefon', headers: { cookie: 'iLang=ru' } });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Не удалось открыть страницу');
    // the storefront's code still loads, and renders the page in the browser
    expect(res.body).toContain('<meta name="bozor-entry" content="/assets/entry-1.js">');
    expect(res.body).not.toContain('bozor-state');
    expect(logs.join('')).toContain('server rendering failed');
    expect(logs.join('')).toContain('the page broke');
  });

  it('serves a built file as its brotli or gzip copy when the browser takes one', async () => {
    const br = await ctx.app.inject({
      url: '/assets/entry-1.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);
    const gz = await ctx.app.inject({
      url: '/assets/entry-1.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await ctx.app.inject({ url: '/assets/entry-1.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses a page, varying by its language cookie and the encodings taken', async () => {
    const res = await ctx.app.inject({
      url: '/product/long',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary).toLowerCase()).toContain('cookie');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<p>Telefon</p>');
  });

  it('never serves the page template or the build manifest as files', async () => {
    for (const url of ['/index.html', '/.vite/manifest.json']) {
      const res = await ctx.app.inject({ url });
      expect(res.body).not.toContain('"isEntry"');
      expect(res.body).not.toContain('<div id="root"></div>\n');
    }
  });
});

describe('storefront pages behind a public address', () => {
  const ctx = useTestApp({ webDist, renderer, publicUrl: 'https://bozor.uz' });

  it('name the public address in canonical links and alternates, as the sitemaps do', async () => {
    const res = await ctx.app.inject({
      url: '/product/telefon',
      headers: { host: '10.0.0.7:3000' },
    });
    expect(res.body).toContain('<link rel="canonical" href="https://bozor.uz/product/telefon">');
    expect(res.body).toContain(
      '<link rel="alternate" hreflang="ru" href="https://bozor.uz/product/telefon?lang=ru">',
    );
    expect(res.body).not.toContain('10.0.0.7');
    expect(calls.at(-1)?.origin).toBe('https://bozor.uz');
  });
});

describe('PageTemplate.fill', () => {
  it("writes a name holding $&, $`, $' or $$ into the head as it is", () => {
    const name = "A $& B $` C $' D $$";
    const page: RenderedPage = {
      status: 200,
      html: '<h1>A</h1>',
      head: { title: name, description: name },
      state: '{}',
      modules: [],
    };
    const html = new PageTemplate(webDist).fill({
      lang: 'uz',
      origin: 'https://bozor.uz',
      url: '/product/a',
      page,
    });
    const written = 'A $&amp; B $` C $&apos; D $$';
    expect(html).toContain(`<title>${written}</title>`);
    expect(html).toContain(`<meta name="description" content="${written}" />`);
    expect(html).toContain(`<meta property="og:title" content="${written}">`);
    expect(html).toContain(`<meta property="og:description" content="${written}">`);
    // the page's head and body each once: nothing of the page was copied into it
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<html /g)).toHaveLength(1);
  });
});
