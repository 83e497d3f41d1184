export { detectImageType } from './image-type.ts';
export {
  SANDBOX_MIN_FACE_BYTES,
  SANDBOX_MISMATCH_PINFL,
  SANDBOX_NOT_LIVE_PINFL,
  SandboxIdentityProvider,
} from './sandbox.ts';
export type { FaceCheck, IdentityProvider, ImageMime } from './types.ts';
