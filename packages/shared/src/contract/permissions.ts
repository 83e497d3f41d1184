/**
 * Staff roles and what each may do (DESIGN §6b), apart from the schemas: the back office decides
 * what to show from them on its first screen, without loading a validator.
 */

/** The people who run the shop, by what they may do. */
export const STAFF_ROLES = [
  'owner',
  'operator',
  'credit_officer',
  'content_manager',
  'viewer',
] as const;
/** The same as the schema's `StaffRole`. */
type Role = (typeof STAFF_ROLES)[number];

/**
 * What a back-office route may do, and which roles may: the one table every `/api/admin` route
 * names its permission from, and the back office hides what a role cannot use by it.
 */
export const PERMISSIONS = {
  /** Their own session: who they are, signing out. */
  session: ['owner', 'operator', 'credit_officer', 'content_manager', 'viewer'],
  'orders.read': ['owner', 'operator', 'credit_officer', 'viewer'],
  'orders.write': ['owner', 'operator'],
  'credits.read': ['owner', 'operator', 'credit_officer', 'viewer'],
  'credits.write': ['owner', 'credit_officer'],
  'customers.read': ['owner', 'operator', 'credit_officer', 'viewer'],
  'customers.write': ['owner', 'credit_officer'],
  /** A customer's full passport and PINFL, each look recorded in the audit log. */
  'identity.reveal': ['owner', 'credit_officer'],
  'scoring.review': ['owner', 'credit_officer'],
  'money.read': ['owner', 'credit_officer', 'viewer'],
  'money.write': ['owner', 'credit_officer'],
  /** The products grid, categories, brands and the rest of the catalogue, read only. */
  'catalogue.read': ['owner', 'operator', 'content_manager', 'viewer'],
  'catalogue.write': ['owner', 'content_manager'],
  /** Banners, text pages, questions, branches, contacts. */
  'content.write': ['owner', 'content_manager'],
  /** Buyers' reviews: approve, reject with a reason, answer as the shop; the review settings. */
  'reviews.moderate': ['owner', 'content_manager'],
  /** Promotions to the customers who agreed to them: written, counted and sent. */
  'promotions.send': ['owner', 'content_manager'],
  /** Become-a-partner applications. */
  'partners.read': ['owner', 'operator', 'content_manager', 'viewer'],
  'partners.write': ['owner', 'operator', 'content_manager'],
  /** Sales reports: by day, category, brand, tariff; returns. */
  'reports.read': ['owner', 'operator', 'content_manager', 'viewer'],
  'staff.manage': ['owner'],
  'audit.read': ['owner'],
} as const satisfies Record<string, readonly Role[]>;
export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}
