import { Injectable } from '@nestjs/common';
import { createHmac, hkdfSync, timingSafeEqual } from 'crypto';
import { pathTo } from '@solvr/contracts';
import { AppConfig, InjectConfig } from '@solvr/server-core';

/**
 * Signed per-user unsubscribe tokens (`{userId}.{hmac}`), their page link for the footer and the one-click POST
 * address for `List-Unsubscribe` (RFC 8058). They never expire: an old campaign's link must still work.
 */
@Injectable()
export class UnsubscribeLinks {
  private readonly key: Buffer;

  constructor(@InjectConfig() private readonly config: AppConfig) {
    this.key = Buffer.from(hkdfSync('sha256', config.jwtSecret, 'solvr-mail', 'unsubscribe-v1', 32));
  }

  private sign(userId: string): string {
    return createHmac('sha256', this.key).update(userId).digest('base64url');
  }

  token(userId: string): string {
    return `${userId}.${this.sign(userId)}`;
  }

  /** The user id a token was made for, or null when it was not made here. */
  verify(token: unknown): string | null {
    if (typeof token !== 'string' || token.length > 200) return null;
    const dot = token.lastIndexOf('.');
    if (dot < 1) return null;
    const userId = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1));
    const expected = Buffer.from(this.sign(userId));
    return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
  }

  pageUrl(userId: string): string {
    return `${this.config.publicUrl}${pathTo('Unsubscribe', undefined, { token: this.token(userId) })}`;
  }

  /** Headers every campaign mail carries: one click (a POST by the mail provider) opts the user out. */
  headers(userId: string): Record<string, string> {
    const oneClick = `${this.config.publicUrl}/api/mail/unsubscribe?token=${encodeURIComponent(this.token(userId))}`;
    return { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  }
}
