import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import { randomBytes, randomInt } from 'crypto';

export const hashPassword = (plain: string) => argon2.hash(plain, { type: argon2.argon2id });
export const verifyPassword = (hash: string, plain: string) => argon2.verify(hash, plain).catch(() => false);

/** Password hashing for the sign-in flows, arranged so the time taken does not tell whether an account exists. */
@Injectable()
export class Passwords {
  private readonly dummy = hashPassword(randomBytes(32).toString('base64url'));

  hash(plain: string): Promise<string> {
    return hashPassword(plain);
  }

  verify(hash: string, plain: string): Promise<boolean> {
    return verifyPassword(hash, plain);
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
