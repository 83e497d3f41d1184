import { z } from 'zod';
import {
  CARD_NUMBER_LENGTH,
  cardDigits,
  cardTypeOf,
  expiryIsCurrent,
  passesLuhn,
} from '../card.ts';
import {
  ageOn,
  MAX_DECLARED_INCOME,
  MAX_SCORING_AGE,
  MIN_DECLARED_INCOME,
  MIN_SCORING_AGE,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  NAME_PATTERN,
  normalizeName,
  normalizePassport,
  PASSPORT_PATTERN,
  PATRONYMIC_PATTERN,
  parseBirthDate,
  pinflMatchesBirthDate,
} from '../identity.ts';
import { PhoneInput } from './accounts.ts';
import { idOf, typedText } from './common.ts';
import { CARD_CODE_LENGTH } from './limits.ts';

export {
  CARD_CODE_LENGTH,
  MAX_FACE_IMAGE_BYTES,
  MAX_GUARANTORS,
  MIN_GUARANTORS,
} from './limits.ts';

export * from './scoring-state.ts';

/** Seconds a card's confirmation code lives, and before a new one may be asked for. */
export const CARD_CODE_TTL_SECONDS = 180;
export const CARD_CODE_RESEND_SECONDS = 60;

/** A card number as typed: 16 digits of Uzcard (8600, 5614) or Humo (9860), Luhn-valid. */
export const CardNumberInput = z
  .string('field_required')
  .transform(cardDigits)
  .pipe(
    z
      .string()
      .min(1, { error: 'field_required', abort: true })
      .regex(new RegExp(`^\\d{${CARD_NUMBER_LENGTH}}$`), {
        error: 'card_number_invalid',
        abort: true,
      })
      .refine((v) => cardTypeOf(v) !== null, { error: 'card_type_unknown', abort: true })
      .refine(passesLuhn, 'card_number_invalid'),
  );

/** "MM/YY", not past. */
export const ExpireDateInput = z
  .string('field_required')
  .trim()
  .min(1, { error: 'field_required', abort: true })
  .refine((v) => expiryIsCurrent(v) !== null, { error: 'expire_date_invalid', abort: true })
  .refine((v) => expiryIsCurrent(v) === true, 'card_expired');

export const CardAddBody = z.object({ card_number: CardNumberInput, expire_date: ExpireDateInput });
export type CardAddInput = z.input<typeof CardAddBody>;

/** A bound card awaiting its code: where the code went and when a new one may be asked. */
export const CardAdded = z.object({
  card_id: z.number().int(),
  /** The card holder's phone, masked. */
  phone: z.string(),
  /** Seconds until a new code may be asked for. */
  wait: z.number().int(),
});
export type CardAdded = z.infer<typeof CardAdded>;

export const CardCodeBody = z.object({
  card_id: idOf('card_invalid'),
  otp: z
    .string('field_required')
    .trim()
    .regex(new RegExp(`^\\d{${CARD_CODE_LENGTH}}$`), 'otp_format'),
});
export const CardResendBody = z.object({ card_id: idOf('card_invalid') });

export const Card = z.object({
  id: z.number().int(),
  /** Characters 4 to 11 hidden (SPEC §3). */
  card_number: z.string(),
  type: z.enum(['uzcard', 'humo']),
  expire: z.string(),
  created_at: z.string(),
  /** The gateway that bound the card: it pays, autopays and is refunded through it. */
  gateway: z.enum(['payme', 'click', 'sandbox']).optional(),
});
export type Card = z.infer<typeof Card>;

/** A part of the name as in the passport, spaces at the ends dropped. */
function nameInput(pattern: RegExp) {
  return z
    .string('field_required')
    .transform(normalizeName)
    .pipe(
      z
        .string()
        .min(1, { error: 'field_required', abort: true })
        .max(NAME_MAX_LENGTH, { error: 'field_too_long', abort: true })
        .min(NAME_MIN_LENGTH, { error: 'name_invalid', abort: true })
        .regex(pattern, 'name_invalid'),
    );
}

/** The declared monthly income: whole sum from MIN_DECLARED_INCOME to MAX_DECLARED_INCOME. */
export const DeclaredIncomeInput = z
  .number({ error: (issue) => (issue.input === undefined ? 'field_required' : 'income_invalid') })
  .int('income_invalid')
  .min(MIN_DECLARED_INCOME, 'income_invalid')
  .max(MAX_DECLARED_INCOME, 'income_invalid');

/**
 * The first scoring step: the name as in the passport, passport, PINFL and birth date, and the
 * monthly income the customer declares.
 */
export const PersonalDetailsBody = z
  .object({
    surname: nameInput(NAME_PATTERN),
    given_name: nameInput(NAME_PATTERN),
    patronymic: nameInput(PATRONYMIC_PATTERN),
    passport: z
      .string('field_required')
      .transform(normalizePassport)
      .pipe(
        z
          .string()
          .min(1, { error: 'field_required', abort: true })
          .regex(PASSPORT_PATTERN, 'passport_invalid'),
      ),
    pinfl: z
      .string('field_required')
      .trim()
      .min(1, { error: 'field_required', abort: true })
      .regex(/^\d{14}$/, 'pinfl_invalid'),
    birth_date: z
      .string('field_required')
      .trim()
      .min(1, { error: 'field_required', abort: true })
      .refine((v) => parseBirthDate(v) !== null, { error: 'birth_date_invalid', abort: true })
      .refine((v) => {
        const age = ageOn(parseBirthDate(v)!, new Date());
        return age >= MIN_SCORING_AGE && age <= MAX_SCORING_AGE;
      }, 'age_out_of_range'),
    monthly_income: DeclaredIncomeInput,
  })
  .superRefine((body, ctx) => {
    const birth = parseBirthDate(body.birth_date);
    if (birth && /^\d{14}$/.test(body.pinfl) && !pinflMatchesBirthDate(body.pinfl, birth)) {
      ctx.addIssue({ code: 'custom', path: ['pinfl'], message: 'pinfl_birth_mismatch' });
    }
  });
export type PersonalDetailsInput = z.input<typeof PersonalDetailsBody>;
export type PersonalDetailsBody = z.output<typeof PersonalDetailsBody>;

export const RelativeType = z.object({ id: z.number().int(), name: z.string() });
export type RelativeType = z.infer<typeof RelativeType>;

export const GuarantorBody = z.object({
  full_name: typedText().min(3, 'field_required').max(100, 'field_too_long'),
  phone: PhoneInput,
  relative_type_id: idOf('relative_type_invalid'),
});
export type GuarantorInput = z.input<typeof GuarantorBody>;
export type GuarantorBody = z.output<typeof GuarantorBody>;

export const Guarantor = z.object({
  id: z.number().int(),
  full_name: z.string(),
  phone: z.string(),
  relative_type: RelativeType,
});
export type Guarantor = z.infer<typeof Guarantor>;

export const ScoringCardBody = z.object({ card_id: idOf('card_invalid') });

export const ScoringDecision = z.object({
  /** `review`: a credit officer decides (SCORING_MODE=review) and the customer gets an SMS. */
  status: z.enum(['approved', 'rejected', 'review']),
  approved: z.boolean(),
  limit: z.number().int(),
  /** Why scoring said no, in the customer's language; null when approved. */
  reason: z.string().nullable(),
  retry_at: z.string().nullable(),
});
export type ScoringDecision = z.infer<typeof ScoringDecision>;

export const CreditLimit = z.object({
  limit: z.number().int(),
  used: z.number().int(),
  available: z.number().int(),
});
export type CreditLimit = z.infer<typeof CreditLimit>;
