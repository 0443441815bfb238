import type { INestApplication } from '@nestjs/common';
import { randomBytes } from 'crypto';
import { existsSync, readdirSync, statSync } from 'fs';
import http from 'http';
import type { AddressInfo } from 'net';
import { join, relative } from 'path';
import { hashPassword, UsersService } from '@solvr/server-users';
import { createApi } from '@solvr/server-app';
import { freePort } from '@solvr/testing';
import { signIn } from './accounts';
import type { TestEnv } from './test-env';

export interface FilePart {
  /** The part's field name; `file` unless a test says otherwise. */
  field?: string;
  filename: string;
  type?: string;
  content: Buffer;
}

/** A multipart/form-data body written by hand, so tests control every byte of the part headers. */
export function multipart(fields: Array<[string, string]>, files: FilePart[] = [], trailing: Array<[string, string]> = []): { body: Buffer; contentType: string } {
  const boundary = `----solvr-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  const field = ([name, value]: [string, string]) =>
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, 'utf8'));
  fields.forEach(field);
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
        'utf8',
      ),
      f.content,
      Buffer.from('\r\n'),
    );
  }
  trailing.forEach(field);
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A download link as the browser that asked for it holds it: the url, and the holder cookie set with it. */
export interface HeldLink {
  url: string;
  expires_at: string;
  /** `solvr_download=...`, for a Cookie header. */
  cookie: string;
}

/** The link of a POST /api/files/:id/download (or the admin's View) answer, with the cookie that answer set for it. */
export function heldLink(res: { body: { url: string; expires_at: string }; headers: Record<string, unknown> }): HeldLink {
  const cookies = ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []);
  // The holder cookie is the one scoped to the download path.
  const cookie = cookies.find((c) => /;\s*Path=\/api\/download/i.test(c))?.split(';')[0];
  if (!cookie) throw new Error('the answer set no download holder cookie');
  return { url: res.body.url, expires_at: res.body.expires_at, cookie };
}

/** A path, or a held link: its url, sent with its holder cookie (unless the headers say otherwise). */
function target(to: string | HeldLink, headers: Record<string, string> = {}): { path: string; headers: Record<string, string> } {
  return typeof to === 'string' ? { path: to, headers } : { path: to.url, headers: { Cookie: to.cookie, ...headers } };
}

/** A plain HTTP request on the listening app (supertest cannot cut a connection half-way). */
export function rawRequest(port: number, to: string | HeldLink, opts: { method?: string; headers?: Record<string, string>; body?: Buffer } = {}): Promise<RawReply> {
  const { path, headers } = target(to, opts.headers);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: opts.method ?? 'GET', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** Reads the first `bytes` of a download, then drops the connection, as a cut network would. */
export function readThenCut(port: number, to: string | HeldLink, bytes: number): Promise<{ headers: http.IncomingHttpHeaders; received: Buffer }> {
  const { path, headers } = target(to);
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      let total = 0;
      res.on('data', (c: Buffer) => {
        if (total >= bytes) return;
        chunks.push(c);
        total += c.length;
        if (total >= bytes) {
          req.destroy();
          resolve({ headers: res.headers, received: Buffer.concat(chunks).subarray(0, bytes) });
        }
      });
      res.on('end', () => reject(new Error('the whole file arrived before the cut')));
    });
    req.on('error', (err) => (err.message === 'socket hang up' ? undefined : reject(err)));
  });
}

export function portOf(app: INestApplication): number {
  return (app.getHttpServer().address() as AddressInfo).port;
}

/** Every file under a folder (hidden temp files included), as paths relative to it. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(dir, full));
    }
  };
  walk(dir);
  return out.sort();
}

/** A verified account with a password, made through UsersService (the sign-up flow has its own tests). */
export async function createAccount(app: INestApplication, email: string, password: string, role: 'user' | 'admin' = 'user'): Promise<void> {
  const users = app.get(UsersService);
  if (role === 'admin') {
    await users.createOrPromoteAdmin(email, password);
    return;
  }
  const user = await users.register(email, await hashPassword(password));
  await users.markEmailVerified(user.id);
}

/** A campaign recipient: an account that confirmed its e-mail (bulk mail goes to no other), without a password. */
export async function confirmedUser(users: UsersService, email: string): Promise<void> {
  const user = await users.register(email, 'x');
  await users.markEmailVerified(user.id);
}

/** The same link with the signature's first character changed (never a no-op, whatever the signature starts with). */
export function withTamperedSignature(url: string): string;
export function withTamperedSignature(link: HeldLink): HeldLink;
export function withTamperedSignature(link: string | HeldLink): string | HeldLink {
  const tamper = (url: string) => url.replace(/sig=(.)/, (_m, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`);
  return typeof link === 'string' ? tamper(link) : { ...link, url: tamper(link.url) };
}

/** An api listening on a free local port (for clients that need a URL: updaters, electron-builder) and a signed-in admin. */
export async function listeningApiWithAdmin(t: TestEnv, admin: { email: string; password: string }, env: Record<string, string> = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = await createApi(t.config({ PUBLIC_URL: base, THROTTLE_PER_IP: '1000', ...env }));
  await app.listen(port, '127.0.0.1');
  await createAccount(app, admin.email, admin.password, 'admin');
  return { app, base, adminToken: (await signIn(app, admin.email, admin.password)).token };
}
