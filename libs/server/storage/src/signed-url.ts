import { createHmac, timingSafeEqual } from 'crypto';

export type VerifiedDownload =
  | { ok: true; key: string; fileName: string; expiresAt: Date }
  | { ok: false; reason: 'expired' | 'tampered' };

type Query = string | URLSearchParams | Record<string, unknown>;

const PURPOSE = 'solvr-download-v1';

function mac(key: string, fileName: string, expires: string, secret: string | Buffer, holder?: string): string {
  if (!secret.length) throw new Error('A signing secret is required');
  // JSON keeps the parts apart whatever characters they hold; a link for a holder signs one part more.
  const parts = holder === undefined ? [PURPOSE, key, fileName, expires] : [PURPOSE, key, fileName, expires, holder];
  return createHmac('sha256', secret).update(JSON.stringify(parts)).digest('base64url');
}

/**
 * Query string (without '?') of a local download link valid until expiresAt: key, name, expires, sig. With a
 * holder (a user id) the signature covers it, so the link verifies only for that holder; the id is not in the link.
 */
export function signDownload(key: string, fileName: string, expiresAt: Date, secret: string | Buffer, holder?: string): string {
  const expires = String(Math.floor(expiresAt.getTime() / 1000));
  return new URLSearchParams({ key, name: fileName, expires, sig: mac(key, fileName, expires, secret, holder) }).toString();
}

/**
 * Checks a link made by signDownload (for the same holder, if it was made for one): the signature first (any change,
 * or another holder, is 'tampered'), then the expiry.
 */
export function verifyDownload(query: Query, secret: string | Buffer, now = new Date(), holder?: string): VerifiedDownload {
  const params = typeof query === 'string' || query instanceof URLSearchParams ? new URLSearchParams(query) : undefined;
  const read = (name: string): string | undefined => {
    if (params) return params.getAll(name).length === 1 ? (params.get(name) ?? undefined) : undefined;
    const value = (query as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : undefined;
  };
  const [key, fileName, expires, sig] = ['key', 'name', 'expires', 'sig'].map(read);
  if (key === undefined || fileName === undefined || !expires || !sig || !/^\d{1,12}$/.test(expires)) return { ok: false, reason: 'tampered' };
  const expected = Buffer.from(mac(key, fileName, expires, secret, holder));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'tampered' };
  const expiresAt = new Date(Number(expires) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, key, fileName, expiresAt };
}
