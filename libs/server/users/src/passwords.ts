import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import { randomBytes, randomInt } from 'crypto';
import pLimit from 'p-limit';
import { AUTH_MESSAGES } from '@solvr/contracts';
import { Busy } from '@solvr/server-core';

export const hashPassword = (plain: string) => argon2.hash(plain, { type: argon2.argon2id });
export const verifyPassword = (hash: string, plain: string) => argon2.verify(hash, plain).catch(() => false);

/**
 * Hashes run at once: each takes one of libuv's four threads (which file reads and downloads need too) and 64 MB
 * for its 90-110 ms on this machine; more at once only makes every one of them, and everything else, slower.
 */
export const HASHES_AT_ONCE = 2;
/** Hashes that may wait for a turn (under half a second's worth at two at once); one more is refused at once (Busy). */
export const HASHES_WAITING = 8;
const BUSY_RETRY_AFTER_SECONDS = 2;

/** Password hashing for the sign-in flows, arranged so the time taken does not tell whether an account exists. */
@Injectable()
export class Passwords {
  private readonly turns = pLimit(HASHES_AT_ONCE);
  private readonly dummy = hashPassword(randomBytes(32).toString('base64url'));

  hash(plain: string): Promise<string> {
    return this.inTurn(() => hashPassword(plain));
  }

  verify(hash: string, plain: string): Promise<boolean> {
    return this.inTurn(() => verifyPassword(hash, plain));
  }

  /** A hash in its turn, or Busy (503, Retry-After) when HASHES_WAITING already wait. */
  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    // Running and waiting together: a burst in one tick is all pending until p-limit starts the first ones.
    if (this.turns.activeCount + this.turns.pendingCount >= HASHES_AT_ONCE + HASHES_WAITING) return Promise.reject(new Busy(AUTH_MESSAGES.busy, BUSY_RETRY_AFTER_SECONDS));
    return this.turns(work);
  }

  /** Always runs argon2: against a throw-away hash when there is no account or no password. */
  async matches(hash: string | null | undefined, plain: string): Promise<boolean> {
    const ok = await this.verify(hash ?? (await this.dummy), plain);
    return !!hash && ok;
  }
}

const SETS = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '!@#$%^&*-_=+'];

/** A random password that meets the profile password rules (upper, lower, digit, special, length). */
export function generatePassword(length = 20): string {
  const all = SETS.join('');
  const chars = SETS.map((s) => s[randomInt(s.length)]);
  while (chars.length < length) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
