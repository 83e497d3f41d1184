import type { Executor } from '../../src/db/client.ts';
import { customers, sessions } from '../../src/db/schema/index.ts';
import { hashToken, newToken } from '../../src/modules/accounts/tokens.ts';

let phoneCounter = 0;

/** A customer with a live session, made directly in the database (no SMS round trip). */
export async function createCustomerSession(
  db: Executor,
  overrides: { phone?: string; isScoring?: boolean } = {},
) {
  phoneCounter += 1;
  const phone = overrides.phone ?? `99890${String(1_000_000 + phoneCounter).slice(-7)}`;
  const [customer] = await db
    .insert(customers)
    .values({ phone, isScoring: overrides.isScoring ?? false })
    .returning();
  const token = newToken();
  await db.insert(sessions).values({
    customerId: customer!.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
  });
  return { customer: customer!, token, headers: { authorization: `Bearer ${token}` } };
}
