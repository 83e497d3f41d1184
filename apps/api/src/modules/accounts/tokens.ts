/**
 * Session tokens and one-time codes, as this module's files import them. They live in
 * lib/tokens.ts, which staff sign-in, contract signing and the auth plugin use as well.
 */
export {
  hashOtpCode,
  hashToken,
  newOtpCode,
  newToken,
  otpCodeMatches,
  sameHash,
} from '../../lib/tokens.ts';
