import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../../..');

/** The back-office accounts each journey server starts with, by its scoring mode. */
export const STAFF_ROLES_OF = {
  auto: ['owner', 'operator', 'viewer', 'content_manager'],
  review: ['credit_officer'],
} as const;

export const staffEmail = (role: string) => `${role.replace('_', '-')}@e2e.bozor.uz`;

/** Where a journey server's `admin:create` output is kept (beside, not inside, its data). */
export const staffFile = (port: number) => `.data/e2e-${port}-staff.txt`;

/**
 * Second-factor secrets of the accounts set up in this run, kept beside the server's data (a
 * retried journey signs in again without the one-time link it used); removed with the data.
 */
export const secretsFile = (port: number) => `.data/e2e-${port}-secrets.json`;

/** The one-time setup token `admin:create` printed for the account of `role` on that server. */
export function setupTokenOf(port: number, role: string): string {
  const printed = readFileSync(resolve(root, staffFile(port)), 'utf8');
  const section = printed.split(/^Made /m).find((part) => part.startsWith(`${role} `));
  const token = section?.match(/setup\?token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no setup link for ${role} in ${staffFile(port)}`);
  return token;
}
