import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'crypto';
import { Repository } from 'typeorm';
import { ADMIN_USERS_TEXTS, AUDIT_ACTIONS, AUDIT_TEXTS, type AuditAction, type AuditEntryView, type AuditPage } from '@solvr/contracts';
import { type AuditTarget, containsPattern, decodeKeysetCursor, encodeKeysetCursor, keysetRows, newestFirstAfter, type SessionUser } from '@solvr/server-core';
import { UsersService } from '@solvr/server-users';
import { AuditEntry } from './audit-entry.entity';

export const AUDIT_PAGE_SIZE = 50;

const clip = (value: string | null | undefined, max: number) => (value == null ? null : value.slice(0, max));

/** The one owner of audit_log: it appends, and it reads back newest first. */
@Injectable()
export class AuditService {
  constructor(
    @InjectRepository(AuditEntry) private readonly entries: Repository<AuditEntry>,
    private readonly users: UsersService,
  ) {}

  async record(actor: SessionUser, action: AuditAction, target: AuditTarget, ip: string | null): Promise<void> {
    await this.entries.insert({
      id: randomUUID(),
      action,
      actorId: actor.id,
      actorEmail: actor.email,
      targetType: target.type,
      targetId: clip(target.id, 64),
      targetLabel: clip(target.label, 300),
      detail: clip(target.detail, 500),
      ip: clip(ip, 64),
      createdDate: new Date(),
    });
  }

  async page(filter: { action?: string; actor?: string; user?: string; after?: string }): Promise<AuditPage> {
    const qb = this.entries.createQueryBuilder('a');
    if (filter.user) {
      // Entries by the user (as an admin) or about the user (a role change, a profile edit): the admin's user panel.
      if (!(await this.users.findById(filter.user))) throw new NotFoundException(ADMIN_USERS_TEXTS.userNotFound);
      qb.andWhere("(a.actor_id = :user OR (a.target_type = 'user' AND a.target_id = :user))", { user: filter.user });
    }
    if (filter.action) {
      if (!(AUDIT_ACTIONS as readonly string[]).includes(filter.action)) throw new BadRequestException(AUDIT_TEXTS.badAction);
      qb.andWhere('a.action = :action', { action: filter.action });
    }
    const actor = filter.actor?.trim().toLowerCase().slice(0, 254);
    if (actor) qb.andWhere("LOWER(a.actor_email) LIKE :actor ESCAPE '!'", { actor: containsPattern(actor) });
    const rows = await keysetRows(newestFirstAfter(qb, 'a', filter.after ? decodeKeysetCursor(filter.after) : null).limit(AUDIT_PAGE_SIZE + 1));
    const shown = rows.slice(0, AUDIT_PAGE_SIZE);
    return { entries: shown.map((r) => toView(r.row)), next: rows.length > AUDIT_PAGE_SIZE ? encodeKeysetCursor(shown[shown.length - 1].cursor) : null };
  }
}

const toView = (e: AuditEntry): AuditEntryView => ({
  id: e.id,
  action: e.action,
  actor_id: e.actorId,
  actor_email: e.actorEmail,
  target_type: e.targetType,
  target_id: e.targetId,
  target_label: e.targetLabel,
  detail: e.detail,
  ip: e.ip,
  created_date: e.createdDate.toISOString(),
});
