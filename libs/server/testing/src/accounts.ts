import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';

/**
 * The newest e-mail of a kind to an address, read from the outbox table (works whether or not a worker sent it).
 * Filtered by kind because rows written within the same second have no reliable order.
 */
export async function lastMail(app: INestApplication, to: string, kind: string): Promise<{ subject: string; text: string } | undefined> {
  const rows: Array<{ subject: string; text_body: string }> = await app
    .get(DataSource)
    .query('SELECT subject, text_body FROM mail_outbox WHERE to_address = ? AND kind = ? ORDER BY created_date DESC', [to, kind]);
  return rows[0] && { subject: rows[0].subject, text: rows[0].text_body };
}

export async function mailSubjects(app: INestApplication, to: string): Promise<string[]> {
  const rows: Array<{ subject: string }> = await app.get(DataSource).query('SELECT subject FROM mail_outbox WHERE to_address = ?', [to]);
  return rows.map((r) => r.subject);
}

export async function mailCount(app: INestApplication, to: string): Promise<number> {
  const rows: Array<{ n: number | string }> = await app.get(DataSource).query('SELECT COUNT(*) AS n FROM mail_outbox WHERE to_address = ?', [to]);
  return Number(rows[0].n);
}

export function linkIn(text: string | undefined): URL {
  const found = text?.match(/https?:\/\/\S+/)?.[0];
  if (!found) throw new Error(`no link in: ${text}`);
  return new URL(found);
}

export function refreshCookie(res: request.Response): string {
  const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('solvr_refresh='));
  if (!cookie) throw new Error('no refresh cookie set');
  return cookie.split(';')[0];
}

/** Signs up and confirms through the e-mailed link; returns nothing but leaves a verified account. */
export async function signUpVerified(app: INestApplication, email: string, password: string): Promise<void> {
  const http = request(app.getHttpServer());
  await http.post('/api/auth/signup').send({ email, password }).expect(202);
  const link = linkIn((await lastMail(app, email, 'verification'))?.text);
  await http.get(link.pathname + link.search).expect(302);
}

export async function signIn(app: INestApplication, email: string, password: string): Promise<{ token: string; cookie: string; user: Record<string, unknown> }> {
  const res = await request(app.getHttpServer()).post('/api/auth/login').send({ email, password }).expect(200);
  return { token: res.body.access_token, cookie: refreshCookie(res), user: res.body.user };
}

/** Runs Google's redirect flow against the mock: our start URL, the provider's authorize step, our callback. */
export async function googleFlow(app: INestApplication, start = '/api/auth/google'): Promise<request.Response> {
  const http = () => request(app.getHttpServer());
  const begin = await http().get(start).expect(302);
  const cookies = ([] as string[]).concat(begin.headers['set-cookie']).map((c) => c.split(';')[0]);
  const authorize = new URL(begin.headers.location);
  if (!authorize.pathname.endsWith('/authorize') || !authorize.searchParams.get('state')) throw new Error(`not an authorize step with state: ${authorize}`);
  const provider = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(provider.headers.get('location') as string);
  if (callback.pathname !== '/api/auth/google/callback') throw new Error(`provider sent us to ${callback}`);
  return http().get(callback.pathname + callback.search).set('Cookie', cookies).expect(302);
}

/** A valid Complete Profile payload (spec section 3) for the account, with any field changed. */
export const profilePayload = (userid: string, changes: Record<string, unknown> = {}) => ({
  userid,
  full_name: 'Ada Lovelace',
  phone: '+15551234567',
  street_address_1: '12 Analytical Way',
  street_address_2: '',
  city: 'San Francisco',
  state_province: 'California',
  postal_code: '94016',
  country: 'United States',
  company: 'Engines Ltd',
  job_title: 'Engineer',
  profile_completed: true,
  ...changes,
});
