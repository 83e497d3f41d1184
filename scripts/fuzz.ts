/**
 * `npm run fuzz`: sends malformed input to every operation of the shop's OpenAPI document and
 * fails on any 5xx answer. Without `--url` it starts the built shop on a fresh embedded database
 * of its own (seeded), signs in through the sandbox outbox, and stops the shop when done.
 *
 *   npm run fuzz                          # start a shop, fuzz it, stop it
 *   npm run fuzz -- --url http://127.0.0.1:3000
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, waitReady } from './lib/server.ts';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
  minimum?: number;
  format?: string;
};
type Parameter = { name: string; in: 'path' | 'query' | 'header'; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: unknown[];
};
type OpenApi = { paths: Record<string, Record<string, Operation>> };

interface Probe {
  method: string;
  path: string;
  what: string;
  query?: Record<string, string> | string;
  body?: string;
  contentType?: string;
  headers?: Record<string, string>;
  auth: boolean;
  /** A body over the shop's limit, which the shop refuses before reading it. */
}

const root = resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: { url: { type: 'string' }, verbose: { type: 'boolean', default: false } },
});

/** Values a real customer would send, by field name: the mutations start from a valid call. */
const GOOD_VALUES: Record<string, unknown> = {
  phone: '998901234567',
  code: '123456',
  otp: '123456',
  token: 'a'.repeat(43),
  product_id: 1,
  product_ids: [1, 2],
  count: 1,
  checked: true,
  ids: [1],
  items: [{ product_id: 1, count: 2 }],
  region_id: 1,
  district_id: 1,
  address: "Amir Temur ko'chasi, 1",
  apartment: '12',
  landmark: 'Metro',
  full_name: 'Aziz Karimov',
  store_name: 'Aziz Savdo',
  stir: '123456789',
  query: 'samsung',
  sort: 'famous',
  page: 1,
  per_page: 24,
};

const HOSTILE_SCALARS: [string, unknown][] = [
  ['huge number', 1e20],
  ['2^31', 2 ** 31],
  ['2^53+1', 2 ** 53 + 1],
  ['1e308', 1e308],
  ['negative', -1],
  ['zero', 0],
  ['fraction', 1.5],
  ['empty string', ''],
  ['long string', 'x'.repeat(100_000)],
  ['unicode', 'Ўзбекистон 🇺🇿 \u0000 \u202e'],
  ['digits as string', '99999999999999999999'],
  ['null', null],
  ['true', true],
  ['array', [1, 'a', null]],
  ['object', { $gt: 1 }],
  ['deep', JSON.parse(`${'{"a":'.repeat(200)}1${'}'.repeat(200)}`)],
];

const HOSTILE_TEXT: [string, string][] = [
  ['huge number', '99999999999999999999'],
  ['2^31', '2147483648'],
  ['negative', '-1'],
  ['zero', '0'],
  ['fraction', '1.5'],
  ['exponent', '1e309'],
  ['word', 'abc'],
  ['long string', 'x'.repeat(5_000)],
  ['unicode', 'Ўзбек%F0%9F%87%BA'],
  ['NUL', '%00'],
  ['traversal', '..%2F..%2Fetc%2Fpasswd'],
  ['sql', "1'%20or%20'1'='1"],
  ['empty', ''],
];

function sample(schema: Schema | undefined, name = ''): unknown {
  if (name in GOOD_VALUES) return GOOD_VALUES[name];
  if (!schema) return 'x';
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants?.length) return sample(variants[0], name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, prop]) => [key, sample(prop, key)]),
      );
    case 'array':
      return [sample(schema.items, name)];
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    default:
      return 'x';
  }
}

function fillPath(path: string, override: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name in override ? override[name]! : name === 'slug' ? 'famous' : '1',
  );
}

function probesOf(path: string, method: string, op: Operation, signedIn: boolean): Probe[] {
  const upper = method.toUpperCase();
  // Fuzzing sign-out with the session would end the session the rest of the run uses.
  const auth = signedIn && Boolean(op.security?.length) && path !== '/api/clients/logout';
  const probes: Probe[] = [];
  const params = op.parameters ?? [];
  const baseQuery = Object.fromEntries(
    params.filter((p) => p.in === 'query').map((p) => [p.name, String(sample(p.schema, p.name))]),
  );
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  const baseBody = bodySchema ? sample(bodySchema) : undefined;
  const base = {
    method: upper,
    path: fillPath(path),
    query: baseQuery,
    ...(baseBody !== undefined ? { body: JSON.stringify(baseBody) } : {}),
    auth,
  };
  probes.push({ ...base, what: 'valid-looking call' });
  probes.push({ ...base, headers: { lang: 'xx', 'accept-language': ';;,q=' }, what: 'odd lang' });
  if (op.security?.length) {
    probes.push({ ...base, what: 'without the session', auth: false });
    for (const [what, authorization] of [
      ['long bearer token', `Bearer ${'x'.repeat(8_000)}`],
      ['basic auth', 'Basic YWRtaW46YWRtaW4='],
      ['empty bearer', 'Bearer '],
    ] as const) {
      probes.push({ ...base, auth: false, headers: { authorization }, what });
    }
  }

  for (const param of params.filter((p) => p.in === 'path')) {
    for (const [what, text] of HOSTILE_TEXT) {
      if (text === '') continue;
      probes.push({
        ...base,
        path: fillPath(path, { [param.name]: text }),
        what: `path ${param.name}: ${what}`,
      });
    }
  }
  for (const param of params.filter((p) => p.in === 'query')) {
    for (const [what, text] of HOSTILE_TEXT) {
      probes.push({
        ...base,
        query: { ...baseQuery, [param.name]: text },
        what: `query ${param.name}: ${what}`,
      });
    }
    probes.push({
      ...base,
      query: `${new URLSearchParams(baseQuery)}&${param.name}=1&${param.name}=2`,
      what: `query ${param.name}: repeated`,
    });
  }
  probes.push({
    ...base,
    query: { ...baseQuery, unknown_field: 'x' },
    what: 'unknown query field',
  });

  if (bodySchema && baseBody && typeof baseBody === 'object' && !Array.isArray(baseBody)) {
    for (const field of Object.keys(bodySchema.properties ?? {})) {
      for (const [what, value] of HOSTILE_SCALARS) {
        probes.push({
          ...base,
          body: JSON.stringify({ ...baseBody, [field]: value }),
          what: `body ${field}: ${what}`,
        });
      }
      const { [field]: _, ...without } = baseBody as Record<string, unknown>;
      probes.push({ ...base, body: JSON.stringify(without), what: `body without ${field}` });
    }
    probes.push({
      ...base,
      body: JSON.stringify({ ...baseBody, unknown_field: 'x', __proto__: { admin: true } }),
      what: 'unknown body field',
    });
  }
  if (upper !== 'GET' && upper !== 'HEAD') {
    for (const [what, body] of [
      ['body: array', '[]'],
      ['body: string', '"x"'],
      ['body: number', '99999999999999999999'],
      ['body: null', 'null'],
      ['body: broken JSON', '{"a": '],
      ['body: empty', ''],
    ] as const) {
      probes.push({ ...base, body, what });
    }
    probes.push({ ...base, contentType: 'text/plain', body: 'hello', what: 'wrong content type' });
    probes.push({
      ...base,
      contentType: 'application/x-www-form-urlencoded',
      body: 'a=1&b=2',
      what: 'form content type',
    });
    probes.push({
      ...base,
      body: JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }),
      what: 'oversized body (2 MB)',
    });
  }
  return probes;
}

async function startShop(): Promise<{ url: string; child: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bozor-fuzz-'));
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: process.env.FUZZ_LOG_LEVEL ?? 'error',
      SEED_ON_START: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitReady(child, `${url}/readyz`, 120);
  return { url, child, dataDir };
}

async function signIn(url: string): Promise<string | undefined> {
  const phone = '998990000001';
  const post = (path: string, body: object) =>
    fetch(`${url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const sent = await post('/clients/send-code', { phone });
  if (!sent.ok) return undefined;
  const challenge = ((await sent.json()) as { data: { token: string } }).data.token;
  const outbox = await fetch(`${url}/api/dev/outbox?phone=${phone}`);
  if (!outbox.ok) return undefined;
  const text = ((await outbox.json()) as { data: { text: string }[] }).data[0]?.text ?? '';
  const code = /(\d{6})/.exec(text)?.[1];
  const session = await post('/clients/sign-in', { token: challenge, code });
  if (!session.ok) return undefined;
  return ((await session.json()) as { data: { token: string } }).data.token;
}

async function send(url: string, probe: Probe, token: string | undefined): Promise<number> {
  const query =
    typeof probe.query === 'string'
      ? probe.query
      : new URLSearchParams(probe.query ?? {}).toString();
  const headers: Record<string, string> = { lang: 'ru' };
  if (probe.body !== undefined) headers['content-type'] = probe.contentType ?? 'application/json';
  if (probe.auth && token) headers.authorization = `Bearer ${token}`;
  Object.assign(headers, probe.headers);
  try {
    const res = await fetch(`${url}${probe.path}${query ? `?${query}` : ''}`, {
      method: probe.method,
      headers,
      ...(probe.body !== undefined ? { body: probe.body } : {}),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

const shop = args.url ? undefined : await startShop();
const url = args.url ?? shop!.url;
let failed = false;
try {
  const token = await signIn(url);
  const doc = (await (await fetch(`${url}/api/docs/json`)).json()) as OpenApi;
  const probes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).flatMap(([method, op]) => probesOf(path, method, op, Boolean(token))),
  );
  const statuses = new Map<string, number>();
  const serverErrors: string[] = [];
  const started = performance.now();
  let cursor = 0;
  const worker = async () => {
    while (cursor < probes.length) {
      const probe = probes[cursor++]!;
      // an oversized body too: the shop reads the rest of it and answers 413 (oversized-body.ts)
      const status = await send(url, probe, token);
      const family = status === 0 ? 'no answer' : `${Math.floor(status / 100)}xx`;
      statuses.set(family, (statuses.get(family) ?? 0) + 1);
      if (status >= 500 || status === 0) {
        serverErrors.push(`${status} ${probe.method} ${probe.path} — ${probe.what}`);
      }
      if (args.verbose) console.log(status, probe.method, probe.path, probe.what);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const operations = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
  console.log(
    `Fuzzed ${operations} operations with ${probes.length} requests in ${seconds} s (signed in: ${token ? 'yes' : 'no'})`,
  );
  for (const [family, n] of [...statuses].sort()) console.log(`  ${family}: ${n}`);
  console.log(`  5xx answers: ${serverErrors.length}`);
  for (const line of serverErrors.slice(0, 50)) console.log(`    ${line}`);
  failed = serverErrors.length > 0 || !token;
  if (!token) console.log('  could not sign in through the sandbox outbox');
} finally {
  if (shop) {
    shop.child.kill('SIGTERM');
    await once(shop.child, 'exit');
    rmSync(shop.dataDir, { recursive: true, force: true });
  }
}
process.exit(failed ? 1 : 0);
