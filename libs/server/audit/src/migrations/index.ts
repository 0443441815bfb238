import { AuditLog1763700000046 } from './1763700000046-audit-log';

export const AUDIT_MIGRATIONS = [AuditLog1763700000046];
