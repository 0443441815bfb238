import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'crypto';
import { IsNull, Repository } from 'typeorm';
import { AuthToken, LinkPurpose } from './auth-token.entity';
import { hashToken, newSecretToken } from './secret-token';

/** Single-use, expiring tokens for the links we e-mail. */
@Injectable()
export class LinkTokensService {
  constructor(@InjectRepository(AuthToken) private readonly tokens: Repository<AuthToken>) {}

  async issue(userId: string, purpose: LinkPurpose, ttlHours: number): Promise<string> {
    const token = newSecretToken();
    await this.tokens.insert({
      id: randomUUID(),
      userId,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + ttlHours * 3600_000),
    });
    return token;
  }

  /** The user id if the token is valid, unused and unexpired; it can never be used again after this. */
  async consume(token: string | undefined, purpose: LinkPurpose): Promise<string | null> {
    if (!token) return null;
    const row = await this.tokens.findOneBy({ tokenHash: hashToken(token), purpose });
    if (!row || row.usedAt || row.expiresAt.getTime() < Date.now()) return null;
    const claimed = await this.tokens.update({ id: row.id, usedAt: IsNull() }, { usedAt: new Date() });
    return claimed.affected ? row.userId : null;
  }

  /** The owner of a link that was valid once and has been used (to say "already done" rather than "invalid"). */
  async ownerOfUsed(token: string | undefined, purpose: LinkPurpose): Promise<string | null> {
    if (!token) return null;
    const row = await this.tokens.findOneBy({ tokenHash: hashToken(token), purpose });
    return row?.usedAt ? row.userId : null;
  }
}
