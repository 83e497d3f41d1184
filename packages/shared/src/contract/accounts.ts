import { z } from 'zod';
import { PHONE_LOCAL_DIGITS, PHONE_PREFIX } from '../phone.ts';
import { PageMeta, pageQueryOf } from './common.ts';
import { OTP_LENGTH } from './limits.ts';
import { NoticeLink, NoticeTopic } from './notifications.ts';
import { ScoringState } from './scoring-state.ts';

export { OTP_LENGTH } from './limits.ts';

/** Seconds before a new code may be requested for the same challenge. */
export const OTP_RESEND_SECONDS = 60;

const phonePattern = new RegExp(`^${PHONE_PREFIX}\\d{${PHONE_LOCAL_DIGITS}}$`);

/** A phone as the storefront sends it: digits, `998` and nine more (spaces and + tolerated). */
export const PhoneInput = z
  .string('field_required')
  .transform((v) => v.replace(/[\s+()-]/g, ''))
  .pipe(z.string().min(1, 'field_required').regex(phonePattern, 'phone_invalid'));

const challengeToken = z.string('field_required').trim().min(1, 'field_required').max(200);

export const SendCodeBody = z.object({ phone: PhoneInput });
export const ResendCodeBody = z.object({ token: challengeToken });
export const SignInBody = z.object({
  token: challengeToken,
  code: z
    .string('field_required')
    .trim()
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), 'otp_format'),
});

/** The sign-in challenge: its token is not a session, only the handle of the code sent. */
export const Challenge = z.object({
  token: z.string(),
  phone: z.string(),
  /** Seconds until another code may be requested. */
  resend_in: z.number().int(),
  /** `telegram` when Telegram's verification gateway carried the code; absent for an SMS. */
  channel: z.literal('telegram').optional(),
});
export type Challenge = z.infer<typeof Challenge>;

export const User = z.object({
  id: z.number().int(),
  phone: z.string(),
  is_scoring: z.boolean(),
  is_identified: z.boolean(),
  lang: z.string(),
  created_at: z.string(),
});
export type User = z.infer<typeof User>;

export const Session = z.object({ token: z.string(), user: User });
export type Session = z.infer<typeof Session>;

/** The signed-in customer, with where their scoring stands. */
export const ClientInfo = z.object({ user: User, phone: z.string(), scoring: ScoringState });
export type ClientInfo = z.infer<typeof ClientInfo>;

export const Notification = z.object({
  id: z.number().int(),
  kind: z.string(),
  topic: NoticeTopic,
  text: z.string(),
  link: NoticeLink.nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationsQuery = pageQueryOf({ max: 50, fallback: 20 });
export const NotificationPage = z.object({ data: z.array(Notification), meta: PageMeta });

export const OutboxMessage = z.object({ phone: z.string(), text: z.string(), sent_at: z.string() });
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export const MessageBody = z.object({ message: z.string() });
