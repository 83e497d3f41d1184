import { asc } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';

export function listContacts(db: Executor) {
  return db
    .select({ key: contacts.key, value: contacts.value })
    .from(contacts)
    .orderBy(asc(contacts.position), asc(contacts.key));
}
