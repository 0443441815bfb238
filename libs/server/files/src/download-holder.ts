import type { CookieSerializeOptions } from '@fastify/cookie';
import { createHmac, timingSafeEqual } from 'crypto';

/**
 * Whose download links this browser may use. A download link is signed for the user who asked for it, and the
 * browser that follows it shows who it is with this cookie (a navigation carries no Authorization header), so a
 * link passed to someone else, or to no one signed in, is refused. Set with every link; HttpOnly, sent only to
 * the download route.
 */
export const DOWNLOAD_HOLDER_COOKIE = 'solvr_download';
export const DOWNLOAD_PATH = '/api/download';
const PURPOSE = 'solvr-download-holder-v1';
/** As long as a session lasts: the cookie names a user, and a link it opens still needs its own signature and expiry. */
const MAX_AGE_SECONDS = 30 * 24 * 3600;

const proof = (userId: string, key: Buffer) => createHmac('sha256', key).update(`${PURPOSE}:${userId}`).digest('base64url');

/** The cookie's value for a user: the id and a MAC of it. */
export const holderCookie = (userId: string, key: Buffer): string => `${userId}.${proof(userId, key)}`;

export const holderCookieOptions = (secure: boolean): CookieSerializeOptions => ({ httpOnly: true, sameSite: 'lax', secure, path: DOWNLOAD_PATH, maxAge: MAX_AGE_SECONDS });

/** The user a holder cookie names, if its MAC is right. */
export function holderOf(cookie: string | undefined, key: Buffer): string | undefined {
  const dot = cookie?.lastIndexOf('.') ?? -1;
  if (!cookie || dot < 1) return undefined;
  const userId = cookie.slice(0, dot);
  const given = Buffer.from(cookie.slice(dot + 1));
  const expected = Buffer.from(proof(userId, key));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : undefined;
}
