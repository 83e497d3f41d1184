import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * AUTH_SECRET, and while it is being replaced the one before it (AUTH_SECRET_PREVIOUS): what is
 * written is always keyed with `current`; what is read may be under either, until
 * `npm run secrets:rotate` has moved every stored value to `current`.
 */
export interface KeyRing {
  readonly current: string;
  readonly previous?: string | undefined;
}

export function keyRing(current: string, previous?: string | undefined): KeyRing {
  if (previous === current) throw new Error('the previous secret must differ from the current one');
  return previous === undefined ? { current } : { current, previous };
}

/** The ring's secrets, the current one first. */
function secretsOf(keys: KeyRing): string[] {
  return keys.previous === undefined ? [keys.current] : [keys.current, keys.previous];
}

/** A sealed value that opens with none of the ring's secrets (or is not a sealed value at all). */
export class SealedDataError extends Error {
  readonly purpose: string;

  constructor(purpose: string, keys: KeyRing) {
    super(
      keys.previous === undefined
        ? `a sealed ${purpose} value does not open with AUTH_SECRET: it was sealed under another secret (set that one as AUTH_SECRET_PREVIOUS) or is damaged`
        : `a sealed ${purpose} value opens with neither AUTH_SECRET nor AUTH_SECRET_PREVIOUS: it was sealed under another secret or is damaged`,
    );
    this.name = 'SealedDataError';
    this.purpose = purpose;
  }
}

/**
 * Personal data Bozor must read back whole (a PINFL for the identity check) is sealed with
 * AES-256-GCM under a key derived from AUTH_SECRET for that one purpose; a database dump alone
 * reveals nothing.
 */
function keyFor(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'bozor-sealed-data', purpose, 32));
}

/** iv.ciphertext.tag, each base64url, always under the current secret. */
export function seal(keys: KeyRing, purpose: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(keys.current, purpose), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, body, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.');
}

/** The plaintext, or undefined when this secret did not seal it (GCM's tag does not match). */
function openWith(secret: string, purpose: string, sealed: string): string | undefined {
  const [iv = '', body = '', tag = ''] = sealed.split('.');
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyFor(secret, purpose),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return undefined;
  }
}

/**
 * Opens a sealed value with the current secret, else the previous one; `current` says whether it
 * is already under the current secret (the rotation re-seals the others).
 */
export function openSealed(
  keys: KeyRing,
  purpose: string,
  sealed: string,
): { plaintext: string; current: boolean } {
  const now = openWith(keys.current, purpose, sealed);
  if (now !== undefined) return { plaintext: now, current: true };
  const before = keys.previous === undefined ? undefined : openWith(keys.previous, purpose, sealed);
  if (before !== undefined) return { plaintext: before, current: false };
  throw new SealedDataError(purpose, keys);
}

export function unseal(keys: KeyRing, purpose: string, sealed: string): string {
  return openSealed(keys, purpose, sealed).plaintext;
}

function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

/** A keyed hash of `text` to store: under the current secret. */
export function keyedHash(keys: KeyRing, text: string): string {
  return hmacHex(keys.current, text);
}

/** A keyed hash of `text` under each of the ring's secrets, the current one first: what to compare with. */
export function keyedHashes(keys: KeyRing, text: string): string[] {
  return secretsOf(keys).map((secret) => hmacHex(secret, text));
}

/**
 * A keyed hash to find equal values (a card seen twice, a PINFL used twice) without keeping
 * them: the one to store, under the current secret.
 */
export function fingerprint(keys: KeyRing, purpose: string, value: string): string {
  return keyedHash(keys, `${purpose}:${value}`);
}

/** The value's fingerprint under each of the ring's secrets, the current one first: what to look for. */
export function fingerprints(keys: KeyRing, purpose: string, value: string): string[] {
  return keyedHashes(keys, `${purpose}:${value}`);
}
