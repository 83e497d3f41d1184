/**
 * Runs docs/deploy's nginx site against a real nginx and a real Bozor: nginx with the site's
 * upstream and, unchanged, bozor-proxy.conf, on plain HTTP on a free port (the TLS server of
 * nginx.conf is only parsed, with a certificate made for the check, when openssl is there), as
 * the current user under a temporary prefix; Bozor with the embedded database and
 * TRUST_PROXY=127.0.0.1, as docs/deploy.md starts it. Checks that requests reach Bozor with the
 * client's address (never one the client made up), that /metrics is not served through nginx,
 * that the health checks pass through and /readyz fails while Bozor drains after SIGTERM, and
 * that Bozor's compression and its own body limits come through.
 *
 * Usage: node scripts/test-nginx.ts [--require]
 * Without nginx on the PATH (or in /usr/sbin) it says so and exits 0, or 1 with --require (CI).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir, userInfo } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { freePort, waitReady } from './lib/server.ts';

const root = resolve(import.meta.dirname, '..');
const DEPLOY = join(root, 'docs/deploy');
const PROXY_CONF = join(DEPLOY, 'bozor-proxy.conf');
const SITE_CONF = join(DEPLOY, 'nginx.conf');
/** Where nginx.conf includes the snippet from, on a server set up as docs/deploy.md says. */
const INSTALLED_SNIPPET = '/etc/nginx/snippets/bozor-proxy.conf';
/** The drain the check starts Bozor with: long enough to ask /readyz during it. */
const DRAIN_MS = 4_000;

function findNginx(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  return dirs
    .filter((dir) => dir.startsWith('/'))
    .map((dir) => join(dir, 'nginx'))
    .find((path) => existsSync(path));
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request on a connection of its own, from `localAddress` when given. */
function send(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    localAddress?: string;
  } = {},
): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        localAddress: options.localAddress,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', fail);
      },
    );
    req.setTimeout(15_000, () => req.destroy(new Error(`no answer from ${url} in 15 s`)));
    req.on('error', fail);
    req.end(options.body);
  });
}

const json = (answer: Answer) =>
  JSON.parse(answer.body.toString('utf8')) as Record<string, unknown>;

let passed = 0;
let failed = 0;
async function check(name: string, body: () => Promise<void>): Promise<void> {
  try {
    await body();
    passed += 1;
    console.log(`  ✓ ${name}`);
  } catch (err) {
    failed += 1;
    console.error(`  ✗ ${name}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function expectThat(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

/** The site's upstream block, pointing at `port` instead of the production one. */
function upstreamOf(site: string, port: number): string {
  const block = /^upstream bozor \{[^}]*\}/m.exec(site)?.[0];
  if (!block) throw new Error(`${SITE_CONF} has no "upstream bozor { … }" block`);
  if (!block.includes('server 127.0.0.1:3000;')) {
    throw new Error(`the upstream of ${SITE_CONF} no longer names server 127.0.0.1:3000`);
  }
  return block.replace('server 127.0.0.1:3000;', `server 127.0.0.1:${port};`);
}

/** nginx's own settings for a run under `prefix` as the current user, around `http`. */
function mainConf(prefix: string, http: string): string {
  const asRoot = process.getuid?.() === 0;
  return `${asRoot ? `user ${userInfo().username};\n` : ''}daemon off;
master_process on;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 256; }
http {
    client_body_temp_path ${prefix}/body;
    proxy_temp_path ${prefix}/proxy;
    fastcgi_temp_path ${prefix}/fastcgi;
    uwsgi_temp_path ${prefix}/uwsgi;
    scgi_temp_path ${prefix}/scgi;
    log_format bozor '$remote_addr "$request" $status $request_id';
    access_log ${prefix}/access.log bozor;
${http}
}
`;
}

/** Parses the whole site (its TLS server too) with a certificate made for the check. */
function parseSite(nginx: string, prefix: string, site: string): string {
  const openssl = spawnSync('openssl', ['version']);
  if (openssl.status !== 0) return 'skipped: openssl is not installed';
  const cert = join(prefix, 'cert.pem');
  const key = join(prefix, 'key.pem');
  const made = spawnSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=bozor.test',
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  if (made.status !== 0) {
    throw new Error(`openssl could not make a certificate: ${made.stderr.toString()}`);
  }
  const local = site
    .replaceAll(/\/etc\/letsencrypt\/live\/bozor\.uz\/fullchain\.pem/g, cert)
    .replaceAll(/\/etc\/letsencrypt\/live\/bozor\.uz\/privkey\.pem/g, key)
    .replaceAll(INSTALLED_SNIPPET, PROXY_CONF);
  const conf = join(prefix, 'site-test.conf');
  writeFileSync(conf, mainConf(prefix, local));
  const test = spawnSync(nginx, ['-t', '-q', ...nginxArgs(prefix, conf)]);
  if (test.status !== 0) {
    throw new Error(`nginx -t refuses ${SITE_CONF}:\n${test.stderr.toString()}`);
  }
  return 'parsed';
}

/** nginx run as this user: its files under `prefix`, its errors in `prefix/error.log`. */
function nginxArgs(prefix: string, conf: string): string[] {
  return ['-p', prefix, '-e', join(prefix, 'error.log'), '-c', conf];
}

/** docs/deploy.md shows both files as they are, so what it says is what this runs. */
function quotedInGuide(): void {
  const guide = readFileSync(join(root, 'docs/deploy.md'), 'utf8');
  for (const file of [SITE_CONF, PROXY_CONF]) {
    if (!guide.includes(`\`\`\`nginx\n${readFileSync(file, 'utf8')}\`\`\``)) {
      throw new Error(`docs/deploy.md does not quote ${file} as it is: copy the file into it`);
    }
  }
}

await check('docs/deploy.md quotes nginx.conf and bozor-proxy.conf as they are', async () =>
  quotedInGuide(),
);

const requireNginx = process.argv.includes('--require');
const nginx = findNginx();
if (!nginx) {
  const message = 'nginx is not installed: the check of docs/deploy/nginx.conf did not run';
  if (requireNginx) {
    console.error(`${message} (apt-get install nginx-light).`);
    process.exit(1);
  }
  console.log(`${message}.`);
  process.exit(failed > 0 ? 1 : 0);
}

const prefix = mkdtempSync(join(tmpdir(), 'bozor-nginx-'));
for (const folder of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'logs']) {
  mkdirSync(join(prefix, folder));
}
let bozor: ChildProcess | undefined;
let proxy: ChildProcess | undefined;
const bozorLog: string[] = [];

// stopped from outside (Ctrl-C, a CI timeout): nginx and Bozor go too, not left running
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    proxy?.kill('SIGQUIT');
    bozor?.kill('SIGTERM');
    rmSync(prefix, { recursive: true, force: true });
    process.exit(1);
  });
}

async function stop(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await once(child, 'exit');
  clearTimeout(timer);
}

try {
  const site = readFileSync(SITE_CONF, 'utf8');
  const bozorPort = await freePort();
  const nginxPort = await freePort();
  const direct = `http://127.0.0.1:${bozorPort}`;
  const through = `http://127.0.0.1:${nginxPort}`;

  console.log(`nginx (${nginx}) in front of Bozor, under ${prefix}`);
  const parsed = parseSite(nginx, prefix, site);
  console.log(`  the whole site with its TLS server: ${parsed}`);

  bozor = spawn(process.execPath, [join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(bozorPort),
      TRUST_PROXY: '127.0.0.1',
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: join(prefix, 'db'),
      UPLOAD_DIR: join(prefix, 'uploads'),
      MEDIA_DIR: join(prefix, 'media'),
      WEB_DIST: join(prefix, 'no-storefront'),
      ADMIN_DIST: join(prefix, 'no-back-office'),
      SEED_ON_START: 'false',
      // every request's line names its address
      LOG_LEVEL: 'debug',
      SIGN_IN_CODES_PER_ADDRESS: '1',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      METRICS_ALLOW: 'loopback',
      METRICS_TOKEN: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  bozor.stdout?.on('data', (chunk: Buffer) => bozorLog.push(chunk.toString()));
  bozor.stderr?.on('data', (chunk: Buffer) => bozorLog.push(chunk.toString()));
  await waitReady(bozor, `${direct}/readyz`, 180);

  const conf = join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    mainConf(
      prefix,
      `${upstreamOf(site, bozorPort)}
    server {
        listen 127.0.0.1:${nginxPort};
        server_name _;
        include ${PROXY_CONF};
    }`,
    ),
  );
  const syntax = spawnSync(nginx, ['-t', '-q', ...nginxArgs(prefix, conf)]);
  if (syntax.status !== 0) throw new Error(`nginx -t: ${syntax.stderr.toString()}`);
  proxy = spawn(nginx, nginxArgs(prefix, conf), {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitReady(proxy, `${through}/healthz`, 30);

  await check('/healthz and /readyz answer through nginx, from Bozor', async () => {
    const alive = await send(`${through}/healthz`, { headers: { 'x-request-id': 'made-up' } });
    expectThat(alive.status === 200, `/healthz answered ${alive.status}`);
    expectThat(json(alive).status === 'ok', `/healthz said ${alive.body}`);
    // nginx's $request_id replaces the client's: Bozor answers it as the request's id
    const id = String(alive.headers['x-request-id']);
    expectThat(/^[0-9a-f]{32}$/.test(id), `X-Request-Id was ${id}, not nginx's $request_id`);
    const ready = await send(`${through}/readyz`);
    expectThat(ready.status === 200, `/readyz answered ${ready.status}: ${ready.body}`);
    const log = readFileSync(join(prefix, 'access.log'), 'utf8');
    expectThat(!log.includes('/healthz'), 'the health checks are in nginx’s access log');
  });

  await check('an API request reaches Bozor and keeps its compression', async () => {
    const doc = await send(`${through}/api/docs/json`, { headers: { 'accept-encoding': 'gzip' } });
    expectThat(doc.status === 200, `/api/docs/json answered ${doc.status}`);
    expectThat(
      doc.headers['content-encoding'] === 'gzip',
      `Content-Encoding was ${doc.headers['content-encoding']}`,
    );
    const openapi = JSON.parse(gunzipSync(doc.body).toString('utf8')) as { openapi?: string };
    expectThat(typeof openapi.openapi === 'string', 'the answer is not the OpenAPI document');
    const log = readFileSync(join(prefix, 'access.log'), 'utf8');
    const id = String(doc.headers['x-request-id']);
    expectThat(log.includes(id), `nginx's access log has no line with Bozor's request id ${id}`);
  });

  await check('Host and the scheme reach Bozor (robots.txt names the address asked)', async () => {
    const robots = await send(`${through}/robots.txt`, { headers: { host: 'shop.test' } });
    const text = robots.body.toString();
    expectThat(robots.status === 200, `/robots.txt answered ${robots.status}`);
    expectThat(text.includes('Sitemap: http://shop.test/sitemap.xml'), `robots.txt: ${text}`);
  });

  await check(
    '/metrics is not served through nginx, and Bozor refuses a forwarded client',
    async () => {
      const local = await send(`${direct}/metrics`);
      expectThat(local.status === 200, `/metrics on Bozor's own port answered ${local.status}`);
      const proxied = await send(`${through}/metrics`);
      expectThat(proxied.status === 404, `/metrics through nginx answered ${proxied.status}`);
      const encoded = await send(`${through}/%6Detrics`);
      expectThat(encoded.status === 404, `/%6Detrics through nginx answered ${encoded.status}`);
      // without nginx's block, Bozor itself answers a client forwarded by a proxy with a 404
      const forwarded = await send(`${direct}/metrics`, {
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
      expectThat(forwarded.status === 404, `a forwarded client read /metrics: ${forwarded.status}`);
    },
  );

  await check(
    'Bozor counts limits by the client nginx saw, not by nginx or a made-up address',
    async () => {
      const code = (phone: string, from: string) =>
        send(`${through}/api/clients/send-code`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.9' },
          body: JSON.stringify({ phone }),
          localAddress: from,
        });
      // SIGN_IN_CODES_PER_ADDRESS=1: the second code asked from one client address is refused
      const first = await code('998931230001', '127.0.0.5');
      expectThat(first.status === 200, `the first code answered ${first.status}: ${first.body}`);
      const second = await code('998931230002', '127.0.0.5');
      expectThat(second.status === 429, `a second code from 127.0.0.5 answered ${second.status}`);
      const other = await code('998931230003', '127.0.0.6');
      expectThat(other.status === 200, `a code from 127.0.0.6 answered ${other.status}`);
      const log = bozorLog.join('');
      expectThat(
        log.includes('"remoteAddress":"127.0.0.5"'),
        'Bozor logged no request of 127.0.0.5',
      );
      expectThat(
        !log.includes('"remoteAddress":"198.51.100.9"'),
        'Bozor took the address the client made up',
      );
    },
  );

  await check('a body over 1 MB reaches Bozor, which answers its own 413', async () => {
    const big = await send(`${through}/api/clients/send-code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '998931230009', pad: 'x'.repeat(2 * 1024 * 1024) }),
      localAddress: '127.0.0.7',
    });
    expectThat(big.status === 413, `a 2 MB body answered ${big.status}`);
    expectThat(
      String(big.headers['content-type']).startsWith('application/json'),
      `the 413 came from nginx (${big.headers['content-type']}), not from Bozor`,
    );
  });

  await check(
    'after SIGTERM /readyz fails through nginx while Bozor drains, then it stops',
    async () => {
      const stopping = Date.now();
      bozor?.kill('SIGTERM');
      let draining: Answer | undefined;
      while (Date.now() - stopping < DRAIN_MS - 1_000) {
        draining = await send(`${through}/readyz`);
        if (draining.status === 503) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expectThat(draining?.status === 503, `/readyz answered ${draining?.status} while draining`);
      const checks = (json(draining as Answer).checks ?? {}) as Record<string, string>;
      expectThat(checks.shutdown === 'failed', `/readyz said ${draining?.body}`);
      const alive = await send(`${through}/healthz`);
      expectThat(alive.status === 200, `/healthz answered ${alive.status} while draining`);
      const [exitCode] = (await once(bozor as ChildProcess, 'exit')) as [number | null];
      expectThat(exitCode === 0, `Bozor exited with ${exitCode}`);
      expectThat(
        Date.now() - stopping >= DRAIN_MS,
        `Bozor stopped ${Date.now() - stopping} ms after SIGTERM, before SHUTDOWN_DRAIN_MS`,
      );
      const gone = await send(`${through}/healthz`);
      expectThat(gone.status === 502, `nginx answered ${gone.status} with Bozor stopped`);
    },
  );
} catch (err) {
  failed += 1;
  console.error(`The nginx check could not run: ${err instanceof Error ? err.message : err}`);
  const tail = bozorLog.join('').split('\n').slice(-20).join('\n');
  if (tail.trim()) console.error(`Bozor's last lines:\n${tail}`);
} finally {
  await stop(proxy, 'SIGQUIT');
  await stop(bozor, 'SIGTERM');
  if (failed > 0 && existsSync(join(prefix, 'error.log'))) {
    const errors = readFileSync(join(prefix, 'error.log'), 'utf8').trim();
    if (errors) console.error(`nginx's error log:\n${errors}`);
  }
  rmSync(prefix, { recursive: true, force: true });
}
console.log(`nginx check: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
