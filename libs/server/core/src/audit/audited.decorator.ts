import { SetMetadata } from '@nestjs/common';
import type { AuditAction } from '@solvr/contracts';

export const AUDITED = 'solvr:audited';

/** What an audited handler was called with and answered. */
export interface AuditedCall {
  params: Record<string, string | undefined>;
  body: Record<string, unknown>;
  result: unknown;
}

/** What an admin action acted on, for the audit log. */
export interface AuditTarget {
  type: string;
  id?: string | null;
  label?: string | null;
  detail?: string | null;
}

export interface AuditedSpec {
  action: AuditAction;
  target: (call: AuditedCall) => AuditTarget;
}

/**
 * The handler's successful calls are written to the audit log (actor, action, target, time, IP) by the audit
 * feature's interceptor, after the action and before the answer.
 */
export const Audited = (action: AuditAction, target: AuditedSpec['target']) => SetMetadata(AUDITED, { action, target } satisfies AuditedSpec);

/** A field of an audited call's result or body, when it is a string. */
export const fieldOf = (value: unknown, key: string): string | null => {
  const v = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return typeof v === 'string' || typeof v === 'number' ? String(v) : null;
};
