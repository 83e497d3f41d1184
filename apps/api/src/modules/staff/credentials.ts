import argon2 from 'argon2';
import { Secret, TOTP } from 'otpauth';

/**
 * argon2id at OWASP's recommended cost (19 MiB, 2 passes, 1 lane): about 30 ms a check here, so
 * guessing is slow and a burst of sign-ins does not stall the server.
 */
const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

/** A hash no password matches, checked when the email is unknown so the answer takes as long. */
let decoy: Promise<string> | undefined;

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    decoy ??= hashPassword(`decoy-${Math.random()}`);
    await argon2.verify(await decoy, password);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

const ISSUER = 'Bozor';

/** A new TOTP secret, base32, 160 bits as RFC 6238 suggests for SHA-1. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, email: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });
}

/** `otpauth://totp/Bozor:email?…`, what an authenticator app reads from a QR code. */
export function totpUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

const TOTP_PERIOD_MS = 30_000;

/**
 * The 30-second step `code` belongs to when it is the current code, or the one before or after
 * it (clock drift); null when it is none of them.
 */
export function totpStep(
  secret: string,
  email: string,
  code: string,
  at = Date.now(),
): number | null {
  const delta = totpOf(secret, email).validate({ token: code, timestamp: at, window: 1 });
  return delta === null ? null : Math.floor(at / TOTP_PERIOD_MS) + delta;
}

/** The code an authenticator shows at `at`. */
export function totpCode(secret: string, email: string, at = Date.now()): string {
  return totpOf(secret, email).generate({ timestamp: at });
}
