/**
 * Pictures a products spreadsheet names by URL: fetched only over https from the hosts
 * IMPORT_IMAGE_HOSTS lists, and never from an address inside the server's own networks, so a
 * file cannot make the server call its database, cloud metadata or anything behind the firewall.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { request } from 'node:https';
import { BlockList, isIP } from 'node:net';
import type { ImportMessageKey } from '@bozor/shared';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 3;

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface ImageFetchOptions {
  /** IMPORT_IMAGE_HOSTS, lower case. */
  hosts: readonly string[];
  /** The host's addresses (DNS by default; tests answer for it). */
  resolve?: (host: string) => Promise<ResolvedAddress[]>;
  maxBytes?: number;
  timeoutMs?: number;
}

export type ImageRefusal = { ok: false; key: ImportMessageKey };

// one list a family: Node matches an IPv4 address against IPv4-mapped IPv6 rules too
const blockedV4 = new BlockList();
const blockedV6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 included
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blockedV4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['::', 96], // IPv4-compatible (deprecated)
  ['::ffff:0:0', 96], // IPv4-mapped: such a client connects over IPv4 instead
  ['64:ff9b::', 96], // NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 carries an IPv4 address of any kind
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blockedV6.addSubnet(network, prefix, 'ipv6');
}

/**
 * True for an address the server must not call: private, loopback, link-local, multicast,
 * unspecified or reserved, IPv4 or IPv6, an IPv4 address written as IPv6 judged as itself.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blockedV4.check(address, 'ipv4');
  // an IPv4 address written as IPv6 (mapped, compatible, NAT64, 6to4) falls in a blocked range
  return family === 6 ? blockedV6.check(address, 'ipv6') : true;
}

/** The host's addresses from the system's resolver, all of them. */
export const resolveHost = async (host: string): Promise<ResolvedAddress[]> =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();

/**
 * Whether the URL may be fetched, and the one address to connect to: https, a listed host, and
 * every address the host resolves to public (one private address is enough to refuse: a host
 * that names both could answer with either).
 */
export async function checkImageUrl(
  raw: string,
  options: ImageFetchOptions,
): Promise<{ ok: true; url: URL; address: ResolvedAddress } | ImageRefusal> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, key: 'import_image_invalid' };
  }
  if (url.protocol !== 'https:') return { ok: false, key: 'import_image_https_only' };
  if (url.username || url.password) return { ok: false, key: 'import_image_invalid' };
  const host = bareHost(url);
  const literal = isIP(host);
  if (literal !== 0 && isPrivateAddress(host)) {
    return { ok: false, key: 'import_image_private_address' };
  }
  if (!options.hosts.includes(host)) return { ok: false, key: 'import_image_host_not_allowed' };
  let addresses: ResolvedAddress[];
  if (literal !== 0) {
    addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await (options.resolve ?? resolveHost)(host);
    } catch {
      return { ok: false, key: 'import_image_unreachable' };
    }
  }
  const first = addresses[0];
  if (!first) return { ok: false, key: 'import_image_unreachable' };
  if (addresses.some((a) => isPrivateAddress(a.address))) {
    return { ok: false, key: 'import_image_private_address' };
  }
  return { ok: true, url, address: first };
}

type Fetched =
  | { ok: true; bytes: Uint8Array }
  | { ok: false; key: ImportMessageKey }
  | { ok: 'redirect'; location: string };

/** One GET to the checked address (the name kept for TLS and Host): never a second lookup. */
function getOnce(url: URL, address: ResolvedAddress, maxBytes: number, timeoutMs: number) {
  return new Promise<Fetched>((settle) => {
    let done = false;
    const finish = (result: Fetched) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      settle(result);
    };
    const req = request(
      {
        protocol: 'https:',
        hostname: bareHost(url),
        port: url.port || 443,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: { accept: 'image/*', 'user-agent': 'Bozor-import/1' },
        servername: isIP(bareHost(url)) ? undefined : bareHost(url),
        // the connection goes to the address checked, whatever DNS answers now
        lookup: (_host, opts, callback) => {
          if ((opts as { all?: boolean }).all) {
            (callback as (e: null, a: ResolvedAddress[]) => void)(null, [address]);
          } else {
            callback(null, address.address, address.family);
          }
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          finish({ ok: 'redirect', location: res.headers.location });
          return;
        }
        if (status !== 200) {
          res.resume();
          finish({ ok: false, key: 'import_image_unreachable' });
          return;
        }
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > maxBytes) {
          res.destroy();
          finish({ ok: false, key: 'import_image_too_large' });
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            res.destroy();
            finish({ ok: false, key: 'import_image_too_large' });
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => finish({ ok: true, bytes: new Uint8Array(Buffer.concat(chunks)) }));
        res.on('error', () => finish({ ok: false, key: 'import_image_unreachable' }));
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish({ ok: false, key: 'import_image_unreachable' });
    }, timeoutMs);
    req.on('error', () => finish({ ok: false, key: 'import_image_unreachable' }));
    req.end();
  });
}

/**
 * The picture at a URL, checked by `checkImageUrl` before each request; a redirect is followed
 * only to the same host (checked again), at most three times.
 */
export async function fetchImage(
  raw: string,
  options: ImageFetchOptions,
): Promise<{ ok: true; bytes: Uint8Array } | ImageRefusal> {
  let current = raw;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    const checked = await checkImageUrl(current, options);
    if (!checked.ok) return checked;
    const result = await getOnce(
      checked.url,
      checked.address,
      options.maxBytes ?? MAX_IMAGE_BYTES,
      options.timeoutMs ?? TIMEOUT_MS,
    );
    if (result.ok !== 'redirect') return result;
    const next = new URL(result.location, checked.url);
    if (bareHost(next) !== bareHost(checked.url)) {
      return { ok: false, key: 'import_image_host_not_allowed' };
    }
    current = next.href;
  }
  return { ok: false, key: 'import_image_unreachable' };
}
