export type ImageMime = 'image/jpeg' | 'image/png';

export type FaceCheck = { ok: true } | { ok: false; reason: 'NO_FACE' | 'NOT_LIVE' | 'MISMATCH' };

/**
 * Identity and liveness for scoring: is there one live face in the photo, and is it the person
 * the state registry knows under this PINFL.
 */
export interface IdentityProvider {
  readonly name: string;
  checkFace(input: { image: Uint8Array; mime: ImageMime; pinfl: string }): Promise<FaceCheck>;
}
