import { auditLog } from '../../platform/audit';

export const ADMIN_GRANT_OUTCOMES = ['granted', 'wrong_secret', 'rate_limited'] as const;
export type AdminGrantOutcome = (typeof ADMIN_GRANT_OUTCOMES)[number];

/**
 * Every attempt at the admin secret, in the audit log (platform/audit.ts): the customer's id as the
 * subject, their email as `by`, the address as `origin`, and what came of it.
 */
export const adminGrantAudit = auditLog<{ outcome: AdminGrantOutcome }>('admin_grant');
