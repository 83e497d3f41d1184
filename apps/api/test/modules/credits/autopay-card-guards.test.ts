import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cards, credits } from '../../../src/db/schema/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { bindCard, createInstallmentOrder } from '../../helpers/checkout.ts';

/** Found by mutation testing (docs/testing.md): the check had no test that failed without it. */
describe('PUT /api/credits/:id/card, with a card not confirmed', () => {
  const ctx = useTestApp();

  it('answers 404 for a card whose code was never confirmed, and keeps the old card', async () => {
    const alice = await createCustomerSession(ctx.db, { isScoring: true });
    const card = await bindCard(ctx.app, alice.customer.id);
    const { credit } = await createInstallmentOrder(ctx.db, {
      customerId: alice.customer.id,
      cardId: card.id,
    });
    const [confirmed] = await ctx.db.select().from(cards).where(eq(cards.id, card.id));
    const [unconfirmed] = await ctx.db
      .insert(cards)
      .values({
        ...confirmed!,
        id: undefined,
        fingerprint: `${confirmed!.fingerprint}-second`,
        verifiedAt: null,
      })
      .returning();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/credits/${credit.id}/card`,
      headers: { ...alice.headers, lang: 'ru' },
      payload: { card_id: unconfirmed!.id },
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().code).toBe('CARD_NOT_FOUND');
    const [row] = await ctx.db.select().from(credits).where(eq(credits.id, credit.id));
    expect(row!.cardId).toBe(card.id);
  });
});
