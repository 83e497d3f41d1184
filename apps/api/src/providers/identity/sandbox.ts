import { detectImageType } from './image-type.ts';
import type { FaceCheck, IdentityProvider, ImageMime } from './types.ts';

/** Smaller than this, an upload is an icon or a thumbnail, not a photo of a face. */
export const SANDBOX_MIN_FACE_BYTES = 2_048;
/**
 * PINFLs that make the sandbox refuse a real photo. A PINFL's first digit gives the century of
 * birth and 1 and 2 mean the 1800s, so no living customer has them.
 */
export const SANDBOX_NOT_LIVE_PINFL = '11111111111111';
export const SANDBOX_MISMATCH_PINFL = '22222222222222';

/**
 * Identity checks outside production, deterministic and offline:
 * 1. bytes that are not a JPEG or PNG of the declared type → NO_FACE;
 * 2. fewer than SANDBOX_MIN_FACE_BYTES bytes → NO_FACE;
 * 3. PINFL SANDBOX_NOT_LIVE_PINFL → NOT_LIVE, SANDBOX_MISMATCH_PINFL → MISMATCH;
 * 4. anything else is approved, so any real photo passes.
 */
export class SandboxIdentityProvider implements IdentityProvider {
  readonly name = 'sandbox';

  async checkFace(input: {
    image: Uint8Array;
    mime: ImageMime;
    pinfl: string;
  }): Promise<FaceCheck> {
    if (detectImageType(input.image) !== input.mime) return { ok: false, reason: 'NO_FACE' };
    if (input.image.byteLength < SANDBOX_MIN_FACE_BYTES) return { ok: false, reason: 'NO_FACE' };
    if (input.pinfl === SANDBOX_NOT_LIVE_PINFL) return { ok: false, reason: 'NOT_LIVE' };
    if (input.pinfl === SANDBOX_MISMATCH_PINFL) return { ok: false, reason: 'MISMATCH' };
    return { ok: true };
  }
}
