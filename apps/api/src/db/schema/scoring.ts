import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';

/**
 * A bank card bound to a customer. Only the gateway's token, the scheme and the masked number are
 * kept, and a keyed hash of the number so the same card is recognised: never the number itself.
 */
export const cards = pgTable(
  'cards',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    gatewayToken: text('gateway_token').notNull(),
    /**
     * The gateway that bound the card, which pays, autopays and refunds through it: read from the
     * token, whose prefix names it (`providers/payments/routing.ts`, `gatewayOfToken`).
     */
    gateway: text('gateway')
      .notNull()
      .generatedAlwaysAs(
        sql`case when left(gateway_token, 6) = 'click:' then 'click' when left(gateway_token, 4) = 'sbx_' then 'sandbox' else 'payme' end`,
      ),
    /** Characters 4 to 11 hidden (SPEC §3). */
    masked: text('masked').notNull(),
    type: text('type').notNull(),
    /** MM/YY */
    expire: text('expire').notNull(),
    /** HMAC of the number under AUTH_SECRET. */
    fingerprint: text('fingerprint').notNull(),
    /** Where the gateway sent the confirmation code, masked. */
    holderPhone: text('holder_phone').notNull(),
    codeAttempts: smallint('code_attempts').notNull().default(0),
    codeSends: smallint('code_sends').notNull().default(1),
    codeSentAt: timestamp('code_sent_at', { withTimezone: true }).notNull().defaultNow(),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cards_customer_fingerprint_key')
      .on(t.customerId, t.fingerprint)
      .where(sql`${t.deletedAt} is null`),
    index('cards_customer_idx').on(t.customerId),
  ],
);

/** Kinds of contact persons (relatives and others), reference data in both languages. */
export const relativeTypes = pgTable('relative_types', {
  id: integer('id').primaryKey(),
  nameUz: text('name_uz').notNull(),
  nameRu: text('name_ru').notNull(),
});

/** A contact person scoring needs (1 to 3 a customer). */
export const guarantors = pgTable(
  'guarantors',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull(),
    relativeTypeId: integer('relative_type_id')
      .notNull()
      .references(() => relativeTypes.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('guarantors_customer_phone_key').on(t.customerId, t.phone)],
);

/**
 * A customer's one-time scoring, step by step. Passport and PINFL are personal data: kept masked
 * for the customer to read back, sealed for the identity check, and the PINFL as a keyed hash to
 * find one used twice; never in the clear.
 */
export const scoringProfiles = pgTable(
  'scoring_profiles',
  {
    customerId: integer('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    passportMasked: text('passport_masked'),
    /** AES-GCM under a key derived from AUTH_SECRET: the identity provider needs them whole. */
    passportSealed: text('passport_sealed'),
    pinflMasked: text('pinfl_masked'),
    pinflSealed: text('pinfl_sealed'),
    /** HMAC under AUTH_SECRET, so a PINFL used by two customers is found without reading it. */
    pinflHash: text('pinfl_hash'),
    birthDate: date('birth_date', { mode: 'string' }),
    /** The name as in the passport; null for customers scored before it was asked. */
    surname: text('surname'),
    givenName: text('given_name'),
    patronymic: text('patronymic'),
    /** Monthly income the customer declared, in sum: what a person reviewing scoring reads. */
    declaredIncome: bigint('declared_income', { mode: 'number' }),
    /** The face image's key in the private store (`faces/…`), never a machine's path. */
    faceImagePath: text('face_image_path'),
    faceCheckedAt: timestamp('face_checked_at', { withTimezone: true }),
    cardId: integer('card_id').references(() => cards.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    approved: boolean('approved'),
    creditLimit: bigint('credit_limit', { mode: 'number' }).notNull().default(0),
    income: bigint('income', { mode: 'number' }),
    reason: text('reason'),
    reasons: jsonb('reasons').$type<string[]>(),
    retryAt: timestamp('retry_at', { withTimezone: true }),
    /** Waiting for a credit officer since then (SCORING_MODE=review); null when not waiting. */
    reviewSince: timestamp('review_since', { withTimezone: true }),
    /** A credit officer's reason for a rejection, shown to the customer as written. */
    reasonText: text('reason_text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scoring_profiles_pinfl_key').on(t.pinflHash),
    index('scoring_profiles_review_idx').on(t.reviewSince).where(sql`${t.reviewSince} is not null`),
  ],
);
