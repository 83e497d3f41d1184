import { MIN_GUARANTORS, type ScoringState, type ScoringStep } from '@bozor/shared';
import { count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers, guarantors, scoringProfiles } from '../../db/schema/index.ts';
import { readTogether } from '../../db/transaction.ts';
import { findConfirmedCard } from '../cards/index.ts';

export type ScoringProfileRow = typeof scoringProfiles.$inferSelect;

/** The first step the customer has not done yet, or the outcome once scoring decided. */
export function currentStep(input: {
  isScoring: boolean;
  profile: ScoringProfileRow | undefined;
  cardUsable: boolean;
  guarantors: number;
  now: Date;
}): ScoringStep {
  const { profile } = input;
  if (input.isScoring) return 'approved';
  if (
    profile?.decidedAt &&
    profile.approved === false &&
    profile.retryAt &&
    profile.retryAt > input.now
  ) {
    return 'rejected';
  }
  if (profile?.reviewSince) return 'review';
  // the name and the declared income are asked since review mode: a customer halfway gives them
  if (!profile?.birthDate || profile.declaredIncome === null) return 'personal';
  if (!profile.faceCheckedAt) return 'face';
  if (!input.cardUsable) return 'card';
  if (input.guarantors < MIN_GUARANTORS) return 'guarantors';
  return 'decision';
}

/** Where a customer's scoring stands, read in one go for the profile and every scoring step. */
export async function readScoringState(
  db: Executor,
  customerId: number,
  now = new Date(),
): Promise<ScoringState> {
  const [[customer], [profile], [guarantorCount]] = await readTogether(db, [
    () =>
      db
        .select({ isScoring: customers.isScoring })
        .from(customers)
        .where(eq(customers.id, customerId)),
    () => db.select().from(scoringProfiles).where(eq(scoringProfiles.customerId, customerId)),
    () => db.select({ n: count() }).from(guarantors).where(eq(guarantors.customerId, customerId)),
  ]);
  let cardUsable = false;
  if (profile?.cardId) {
    cardUsable = (await findConfirmedCard(db, customerId, profile.cardId)) !== undefined;
  }
  const step = currentStep({
    isScoring: customer?.isScoring ?? false,
    profile,
    cardUsable,
    guarantors: Number(guarantorCount?.n ?? 0),
    now,
  });
  return {
    step,
    personal:
      profile?.birthDate && profile.passportMasked && profile.pinflMasked
        ? {
            passport: profile.passportMasked,
            pinfl: profile.pinflMasked,
            birth_date: profile.birthDate,
            surname: profile.surname,
            given_name: profile.givenName,
            patronymic: profile.patronymic,
            monthly_income: profile.declaredIncome,
          }
        : null,
    card_id: cardUsable ? (profile?.cardId ?? null) : null,
    guarantors: Number(guarantorCount?.n ?? 0),
    retry_at: step === 'rejected' ? (profile?.retryAt?.toISOString() ?? null) : null,
    reason: step === 'rejected' ? (profile?.reason ?? null) : null,
    reason_text: step === 'rejected' ? (profile?.reasonText ?? null) : null,
    review_since: step === 'review' ? (profile?.reviewSince?.toISOString() ?? null) : null,
  };
}
