import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Personal data Bozor must read back whole (a PINFL for the identity check) is sealed with
 * AES-256-GCM under a key derived from AUTH_SECRET for that one purpose; a database dump alone
 * reveals nothing.
 */
function keyFor(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'bozor-sealed-data', purpose, 32));
}

/** iv.ciphertext.tag, each base64url. */
export function seal(secret: string, purpose: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, body, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.');
}

export function unseal(secret: string, purpose: string, sealed: string): string {
  const [iv = '', body = '', tag = ''] = sealed.split('.');
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
}

/** A keyed hash to find equal values (a card seen twice, a PINFL used twice) without keeping them. */
export function fingerprint(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${value}`).digest('hex');
}
