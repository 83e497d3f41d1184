// The audit log: every back-office write, who made it and from where.

export type { Actor, AuditRecord } from './repository.ts';
export { listAudit, recordAudit, recordAudits } from './repository.ts';
