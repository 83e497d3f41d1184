/** The shop's contacts in the back office: phone, Telegram, insurer, each by its rule (issue 23). */
import {
  type AdminContact,
  CONTACT_KEYS,
  type ContactKey,
  contactProblem,
  type Lang,
} from '@bozor/shared';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, fieldMessage } from '../../lib/errors.ts';
import { type Actor, recordAudit } from '../audit/index.ts';

/** Every contact staff edit, in the order the shop lists them; empty when the shop has none. */
export async function listContacts(db: Executor): Promise<AdminContact[]> {
  const rows = await db.select().from(contacts);
  const values = new Map(rows.map((row) => [row.key, row.value]));
  return CONTACT_KEYS.map((key) => ({ key, value: values.get(key) ?? '' }));
}

/**
 * Sets a contact after its key's rule (a phone with 998, a Telegram handle or t.me address, an
 * insurer's name, address or phone); an empty value removes it, and the shop hides it.
 */
export async function setContact(
  db: Database,
  key: ContactKey,
  value: string,
  actor: Actor,
  lang: Lang,
): Promise<AdminContact> {
  const problem = contactProblem(key, value);
  if (problem) {
    throw new AppError('VALIDATION_ERROR', 400, {
      value: [fieldMessage(problem, lang)],
    });
  }
  return inTransaction(db, async (tx) => {
    const [before] = await tx.select().from(contacts).where(eq(contacts.key, key)).for('update');
    if (value === '') {
      await tx.delete(contacts).where(eq(contacts.key, key));
    } else {
      await tx
        .insert(contacts)
        .values({ key, value, position: CONTACT_KEYS.indexOf(key) })
        .onConflictDoUpdate({ target: contacts.key, set: { value } });
    }
    await recordAudit(tx, actor, {
      action: 'contact.update',
      objectType: 'contact',
      objectId: key,
      before: { value: before?.value ?? '' },
      after: { value },
    });
    return { key, value };
  });
}
