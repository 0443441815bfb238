import { Injectable, UnauthorizedException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'crypto';
import { IsNull, Repository } from 'typeorm';
import { AUTH_MESSAGES } from '@solvr/contracts';
import { changedRows, sqlValue } from '@solvr/server-core';
import { AuthSession } from './auth-session.entity';
import { hashToken, newSecretToken } from './secret-token';

export const REFRESH_TTL_MS = 30 * 24 * 3600 * 1000;
/** How long a just-replaced refresh token may still be presented by a concurrent request of the same browser. */
export const ROTATION_GRACE_MS = 5_000;

/**
 * A refresh token names the user and family of its session ahead of its secret. The row must match all three, so a
 * rotation is one conditional UPDATE and one INSERT, without reading the row first. A token without them (issued
 * before they were added) is looked up by its hash alone.
 */
const NAMED_TOKEN = /^([^.]{1,36})\.([^.]{1,36})\.([A-Za-z0-9_-]+)$/;

/** Rotating refresh tokens with reuse detection: replaying a rotated token revokes its whole family. */
@Injectable()
export class SessionsService {
  constructor(@InjectRepository(AuthSession) private readonly sessions: Repository<AuthSession>) {}

  private async issue(userId: string, familyId: string): Promise<string> {
    const token = `${userId}.${familyId}.${newSecretToken()}`;
    const now = Date.now();
    // Every column given, and nothing read back: one INSERT per sign-in or refresh, in plain SQL (see plain-sql.ts).
    await changedRows(this.sessions, 'INSERT INTO auth_sessions (id, user_id, family_id, token_hash, expires_at, created_date) VALUES (?, ?, ?, ?, ?, ?)', [
      randomUUID(),
      userId,
      familyId,
      hashToken(token),
      sqlValue(this.sessions, 'expiresAt', new Date(now + REFRESH_TTL_MS)),
      sqlValue(this.sessions, 'createdDate', new Date(now)),
    ]);
    return token;
  }

  start(userId: string): Promise<string> {
    return this.issue(userId, randomUUID());
  }

  /** Returns the user id and the next refresh token; the presented one can never be used again. */
  async rotate(token: string | undefined): Promise<{ userId: string; token: string }> {
    if (!token) throw new UnauthorizedException(AUTH_MESSAGES.sessionExpired);
    const tokenHash = hashToken(token);
    const named = NAMED_TOKEN.exec(token);
    if (named) {
      const [, userId, familyId] = named;
      // The usual case: a current token, claimed by the same conditional update as below. Any other goes the long way.
      const now = new Date();
      const claimed = await changedRows(
        this.sessions,
        'UPDATE auth_sessions SET rotated_at = ? WHERE token_hash = ? AND user_id = ? AND family_id = ? AND rotated_at IS NULL AND revoked_at IS NULL AND expires_at > ?',
        [sqlValue(this.sessions, 'rotatedAt', now), tokenHash, userId, familyId, sqlValue(this.sessions, 'expiresAt', now)],
      );
      if (claimed) return { userId, token: await this.issue(userId, familyId) };
    }
    const session = await this.sessions.findOneBy({ tokenHash });
    if (!session || session.revokedAt || session.expiresAt.getTime() < Date.now()) throw new UnauthorizedException(AUTH_MESSAGES.sessionExpired);
    // Conditional update: of two concurrent uses of one token only one wins; the other counts as reuse.
    const claimed = await this.sessions.update({ id: session.id, rotatedAt: IsNull() }, { rotatedAt: new Date() });
    if (!claimed.affected) {
      // Two tabs of one browser refreshing at once both send the same cookie: within a few seconds of its
      // rotation that is not a replay. Later than that it is, and the whole family is revoked.
      const rotatedAt = (await this.sessions.findOneBy({ id: session.id }))?.rotatedAt;
      if (rotatedAt && Date.now() - rotatedAt.getTime() <= ROTATION_GRACE_MS) return { userId: session.userId, token: await this.issue(session.userId, session.familyId) };
      await this.revokeFamily(session.familyId);
      throw new UnauthorizedException(AUTH_MESSAGES.sessionExpired);
    }
    return { userId: session.userId, token: await this.issue(session.userId, session.familyId) };
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.sessions.update({ familyId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  /** Logout: revokes the family of the presented token, if it is one of ours; answers whose it was. */
  async end(token: string | undefined): Promise<string | null> {
    if (!token) return null;
    const session = await this.sessions.findOneBy({ tokenHash: hashToken(token) });
    if (!session) return null;
    await this.revokeFamily(session.familyId);
    return session.userId;
  }

  async revokeAllForUser(userId: string): Promise<void> {
    await this.sessions.update({ userId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }
}
