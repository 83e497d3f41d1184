import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  fingerprint,
  fingerprints,
  keyRing,
  openSealed,
  SealedDataError,
  seal,
  unseal,
} from '../../src/lib/secrets.ts';
import { hashOtpCode, otpCodeMatches } from '../../src/modules/accounts/tokens.ts';

const A = 'secret-a-of-at-least-thirty-two-characters';
const B = 'secret-b-of-at-least-thirty-two-characters';
const C = 'secret-c-of-at-least-thirty-two-characters';

describe('the key ring of AUTH_SECRET and AUTH_SECRET_PREVIOUS', () => {
  const onlyA = keyRing(A);
  const onlyB = keyRing(B);
  const rotating = keyRing(B, A);

  it('refuses a previous secret equal to the current one', () => {
    expect(() => keyRing(A, A)).toThrow(/differ/);
    expect(keyRing(A, undefined)).toEqual({ current: A });
  });

  it('seals under the current secret only', () => {
    const sealed = seal(rotating, 'pinfl', '31205901234567');
    expect(unseal(onlyB, 'pinfl', sealed)).toBe('31205901234567');
    expect(() => unseal(onlyA, 'pinfl', sealed)).toThrow(SealedDataError);
    // a random IV: the same value seals differently each time
    expect(seal(rotating, 'pinfl', '31205901234567')).not.toBe(sealed);
  });

  it('opens what the previous secret sealed, and says which secret opened it', () => {
    const old = seal(onlyA, 'passport', 'AA1234567');
    expect(openSealed(rotating, 'passport', old)).toEqual({
      plaintext: 'AA1234567',
      current: false,
    });
    const fresh = seal(rotating, 'passport', 'AA1234567');
    expect(openSealed(rotating, 'passport', fresh)).toEqual({
      plaintext: 'AA1234567',
      current: true,
    });
  });

  it('keeps purposes apart: a value sealed for one purpose does not open as another', () => {
    const sealed = seal(onlyA, 'pinfl', '31205901234567');
    expect(() => unseal(onlyA, 'passport', sealed)).toThrow(SealedDataError);
  });

  it('names both variables when neither secret opens a value, and survives damaged ones', () => {
    const other = seal(keyRing(C), 'staff-totp', 'JBSWY3DPEHPK3PXP');
    expect(() => unseal(rotating, 'staff-totp', other)).toThrow(
      /sealed staff-totp value opens with neither AUTH_SECRET nor AUTH_SECRET_PREVIOUS/,
    );
    expect(() => unseal(onlyA, 'staff-totp', other)).toThrow(
      /does not open with AUTH_SECRET: .*AUTH_SECRET_PREVIOUS/,
    );
    for (const damaged of ['', 'not-sealed', 'a.b.c', `${other}x`, other.replace(/^./, 'Z')]) {
      expect(() => unseal(rotating, 'staff-totp', damaged)).toThrow(SealedDataError);
    }
  });

  it('keys fingerprints and codes as before the ring: stored values stay valid', () => {
    const hmac = (text: string) => createHmac('sha256', A).update(text).digest('hex');
    expect(fingerprint(onlyA, 'pinfl', '31205901234567')).toBe(hmac('pinfl:31205901234567'));
    expect(hashOtpCode(onlyA, 'challenge', '123456')).toBe(hmac('challenge:123456'));
  });

  it('stores the current fingerprint and looks for both', () => {
    const stored = fingerprint(onlyA, 'pinfl', '31205901234567');
    expect(fingerprint(rotating, 'pinfl', '31205901234567')).toBe(
      fingerprint(onlyB, 'pinfl', '31205901234567'),
    );
    expect(fingerprint(rotating, 'pinfl', '31205901234567')).not.toBe(stored);
    const wanted = fingerprints(rotating, 'pinfl', '31205901234567');
    expect(wanted).toEqual([fingerprint(onlyB, 'pinfl', '31205901234567'), stored]);
    expect(fingerprints(onlyB, 'pinfl', '31205901234567')).not.toContain(stored);
    // another purpose or value is another fingerprint
    expect(fingerprint(onlyA, 'card-number', '31205901234567')).not.toBe(stored);
    expect(fingerprint(onlyA, 'pinfl', '31205901234568')).not.toBe(stored);
  });

  it('accepts a code hashed under either secret, and only the right code', () => {
    const before = hashOtpCode(onlyA, 'challenge', '123456');
    expect(otpCodeMatches(rotating, 'challenge', '123456', before)).toBe(true);
    expect(otpCodeMatches(rotating, 'challenge', '123457', before)).toBe(false);
    expect(otpCodeMatches(rotating, 'other-challenge', '123456', before)).toBe(false);
    expect(otpCodeMatches(onlyB, 'challenge', '123456', before)).toBe(false);
    const now = hashOtpCode(rotating, 'challenge', '123456');
    expect(now).toBe(hashOtpCode(onlyB, 'challenge', '123456'));
    expect(otpCodeMatches(onlyB, 'challenge', '123456', now)).toBe(true);
    expect(otpCodeMatches(rotating, 'challenge', '123456', 'not-hex')).toBe(false);
  });
});
