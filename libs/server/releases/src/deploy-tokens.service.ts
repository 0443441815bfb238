import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash, randomBytes, randomUUID } from 'crypto';
import { IsNull, Repository } from 'typeorm';
import { DEPLOY_TOKEN_PREFIX, RELEASE_TEXTS, type DeployTokenCreated, type DeployTokenView } from '@solvr/contracts';
import type { SessionUser } from '@solvr/server-core';
import { DeployToken } from './release.entity';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const toView = (t: DeployToken): DeployTokenView => ({
  id: t.id,
  name: t.name,
  created_date: t.createdDate.toISOString(),
  last_used_date: t.lastUsedDate?.toISOString() ?? null,
  revoked_date: t.revokedDate?.toISOString() ?? null,
});

/** Tokens a CI job publishes releases with: shown once, kept as a SHA-256, revocable. Owns deploy_tokens. */
@Injectable()
export class DeployTokensService {
  constructor(@InjectRepository(DeployToken) private readonly tokens: Repository<DeployToken>) {}

  async create(name: string, admin: SessionUser): Promise<DeployTokenCreated> {
    const clean = name.trim();
    if (!clean || clean.length > 100) throw new BadRequestException(RELEASE_TEXTS.tokenName);
    const token = `${DEPLOY_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const row = this.tokens.create({ id: randomUUID(), name: clean, tokenHash: hashOf(token), createdBy: admin.id, createdDate: new Date(), lastUsedDate: null, revokedDate: null });
    await this.tokens.insert(row);
    return { ...toView(row), token };
  }

  async list(): Promise<DeployTokenView[]> {
    return (await this.tokens.find({ order: { createdDate: 'DESC' } })).map(toView);
  }

  async revoke(id: string): Promise<DeployTokenView> {
    const row = await this.tokens.findOneBy({ id });
    if (!row) throw new NotFoundException(RELEASE_TEXTS.tokenNotFound);
    if (!row.revokedDate) {
      row.revokedDate = new Date();
      await this.tokens.update({ id }, { revokedDate: row.revokedDate });
    }
    return toView(row);
  }

  /** The live token a request carries as `Authorization: Bearer solvr_deploy_...`, its use noted; null otherwise. */
  async use(authorization: string | undefined): Promise<DeployToken | null> {
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : '';
    if (!token.startsWith(DEPLOY_TOKEN_PREFIX)) return null;
    const row = await this.tokens.findOneBy({ tokenHash: hashOf(token), revokedDate: IsNull() });
    if (!row) return null;
    await this.tokens.update({ id: row.id }, { lastUsedDate: new Date() });
    return row;
  }
}
