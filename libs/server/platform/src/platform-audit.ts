import { Injectable, Logger } from '@nestjs/common';
import type { AuditAction } from '@solvr/contracts';
import type { AuditTarget, SessionUser } from '@solvr/server-core';
import { AuditService } from '@solvr/server-audit';
import { actingUser, ownAccountId, type PlatformCaller } from './platform-caller';

/** The actor of a service-role call made on no user's behalf. */
const SERVICE_ACTOR: SessionUser = { id: 'service-role', email: 'service token', role: 'admin' };

/** Admin actions taken through the platform layer go to the audit log like the admin console's. */
@Injectable()
export class PlatformAudit {
  private readonly log = new Logger('Audit');

  constructor(private readonly audit: AuditService) {}

  /** After the action succeeded; a failed entry is logged loudly and the action still answered, as on the admin routes. */
  async record(caller: PlatformCaller, action: AuditAction, target: AuditTarget): Promise<void> {
    const actor = actingUser(caller) ?? SERVICE_ACTOR;
    await this.audit.record(actor, action, target, caller.ip).catch((err: unknown) => this.log.error({ err, action, actor: actor.id }, 'audit entry not written'));
  }

  /** A profile saved by someone other than its account (an admin, the service role); an account's own edits are not admin actions. */
  async profileChange(caller: PlatformCaller, user: { id: string; email: string }, fields: readonly string[]): Promise<void> {
    if (ownAccountId(caller) === user.id) return;
    await this.record(caller, 'user.profile', { type: 'user', id: user.id, label: user.email, detail: fields.join(', ') });
  }
}
