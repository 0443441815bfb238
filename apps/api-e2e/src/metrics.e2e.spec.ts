// tiers: sqlite, services
import { randomBytes, randomUUID } from 'crypto';
import { get } from 'http';
import { readFileSync } from 'fs';
import { join } from 'path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { MetricsServer } from '@solvr/server-observability';
import { type ApiApp, createAccount, createApi, createTestEnv, heldLink, multipart, portOf, rawRequest, signIn, sqlDateTime, TestEnv, TIER } from '@solvr/server-testing';

const PASSWORD = 'metrics-pass-1';
const ADMIN = 'admin@metrics.test';
const USER = 'ada@metrics.test';
const DASHBOARD = join(__dirname, '../../../k8s/monitoring/grafana-dashboard.json');

function scrape(port: number, path = '/metrics'): Promise<{ status: number; type?: string; text: string }> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], text }));
    }).on('error', reject);
  });
}

/** The value of one sample line, e.g. value(text, 'solvr_throttled_total{action="login",scope="account"}'). */
function value(text: string, sample: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${sample} `));
  return line === undefined ? undefined : Number(line.slice(sample.length + 1));
}

/** Metric families served (# TYPE lines), with the series names a histogram adds. */
function servedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name);
    if (type === 'histogram' || type === 'summary') for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix);
  }
  return names;
}

const PROMQL_WORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'bool', 'and', 'or', 'unless', 'offset']);
/** The metric names a PromQL expression reads: what is left once functions, label lists, matchers and ranges are gone. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"[^"]*"/g, '')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, '');
  return [...bare.matchAll(/\b([a-zA-Z_:][\w:]*)\b(?!\s*\()/g)].map((m) => m[1]).filter((w) => !PROMQL_WORDS.has(w) && !/^\d/.test(w));
}

describe(`metrics (${TIER})`, () => {
  let t: TestEnv;
  let app: ApiApp;
  let port: number;
  const api = () => request(app.getHttpServer());

  beforeAll(async () => {
    t = await createTestEnv();
    app = await createApi(t.config({ METRICS_PORT: '0', THROTTLE_PER_ACCOUNT: '2' }));
    await app.listen(0, '127.0.0.1');
    port = app.get(MetricsServer).port() as number;
    await createAccount(app, ADMIN, PASSWORD, 'admin');
    await createAccount(app, USER, PASSWORD);
  });
  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  it('serves /metrics on a listener of its own, on loopback, and not on the site', async () => {
    expect(port).toBeGreaterThan(0);
    expect(port).not.toBe(portOf(app));
    const res = await scrape(port);
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect((await scrape(port, '/other')).status).toBe(404);
    expect((await rawRequest(portOf(app), '/metrics')).status).toBe(404);
    expect((await rawRequest(portOf(app), '/api/metrics')).status).toBe(404);
    // Node's own: event-loop lag among them.
    expect(res.text).toMatch(/^nodejs_eventloop_lag_p99_seconds [\d.e+-]+$/m);
  });

  it('is off unless METRICS_PORT is set', async () => {
    const other = await createApi(t.config());
    await other.init();
    try {
      expect(other.get(MetricsServer).enabled).toBe(false);
      expect(other.get(MetricsServer).port()).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('counts requests by route pattern and status, never by URL', async () => {
    const { token } = await signIn(app, USER, PASSWORD);
    const secret = randomBytes(6).toString('hex');
    const before = (await scrape(port)).text;
    const added = (text: string, sample: string) => (value(text, sample) ?? 0) - (value(before, sample) ?? 0);
    await api().get('/api/news').expect(200);
    await api().get('/api/public-config').expect(200);
    await api().get('/api/public-config').expect(200);
    await api().get(`/api/files/${randomUUID()}`).set('Authorization', `Bearer ${token}`).expect(404);
    await api().get(`/api/no-such-${secret}?q=${secret}`).expect(404);
    const { text } = await scrape(port);
    expect(added(text, 'solvr_http_requests_total{method="GET",route="/api/news",status="200"}')).toBe(1);
    expect(added(text, 'solvr_http_requests_total{method="GET",route="/api/public-config",status="200"}')).toBe(2);
    expect(added(text, 'solvr_http_requests_total{method="GET",route="/api/files/:id",status="404"}')).toBe(1);
    expect(added(text, 'solvr_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(added(text, 'solvr_http_request_duration_seconds_count{method="GET",route="/api/public-config",status="200"}')).toBe(2);
    expect(added(text, 'solvr_http_request_duration_seconds_bucket{method="GET",route="/api/public-config",status="200",le="+Inf"}')).toBe(2);
    expect(text).not.toContain(secret);
  });

  it('counts sign-in failures and throttled attempts', async () => {
    const wrong = { email: USER, password: 'not-the-password' };
    await api().post('/api/auth/login').send(wrong).expect(401);
    await api().post('/api/auth/login').send(wrong).expect(401);
    await api().post('/api/auth/login').send(wrong).expect(429);
    const { text } = await scrape(port);
    expect(value(text, 'solvr_signin_failures_total{action="login"}')).toBe(2);
    expect(value(text, 'solvr_throttled_total{action="login",scope="account"}')).toBe(1);
  });

  it('counts the bytes of a download the api sends', async () => {
    const admin = (await signIn(app, ADMIN, PASSWORD)).token;
    const size = 96 * 1024;
    const { body, contentType } = multipart([['name', 'Metered']], [{ filename: 'metered.zip', content: randomBytes(size) }]);
    const file = (await api().post('/api/admin/files').set('Authorization', `Bearer ${admin}`).set('Content-Type', contentType).send(body).expect(201)).body;
    const link = heldLink(await api().post(`/api/files/${file.id}/download`).set('Authorization', `Bearer ${admin}`).expect(200));
    const before = value((await scrape(port)).text, 'solvr_download_bytes_total') ?? 0;
    expect((await rawRequest(portOf(app), link)).body.length).toBe(size);
    let after = before;
    for (let i = 0; i < 20 && after < before + size; i++) {
      await new Promise((r) => setTimeout(r, 50));
      after = value((await scrape(port)).text, 'solvr_download_bytes_total') ?? 0;
    }
    expect(after - before).toBe(size);
  });

  it("reports the mail queue, the outbox's oldest unsent message and the campaigns in progress", async () => {
    const db = app.get(DataSource);
    const campaign = randomUUID();
    const longAgo = sqlDateTime(new Date(Date.now() - 120_000));
    await db.query('INSERT INTO mail_campaigns (id, subject, message, total, skipped, created_date, fanout_after, fanned_out) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [
      campaign, 'Metrics', 'Hello', 3, 0, longAgo, '', 0,
    ]);
    const row = (status: string, campaignId: string | null) => [randomUUID(), 'bulk', 'x@metrics.test', 'Metrics', 'Hello', status, 0, campaignId, longAgo, longAgo];
    const insert = 'INSERT INTO mail_outbox (id, kind, to_address, subject, text_body, status, attempts, campaign_id, created_date, updated_date) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';
    for (const r of [row('sent', campaign), row('failed', campaign), row('queued', null)]) await db.query(insert, r);
    try {
      const { text } = await scrape(port);
      for (const state of ['waiting', 'active', 'delayed', 'failed']) expect([state, value(text, `solvr_mail_queue_jobs{state="${state}"}`)]).toEqual([state, expect.any(Number)]);
      expect(value(text, 'solvr_mail_outbox_unsent')).toBeGreaterThanOrEqual(1);
      expect(value(text, 'solvr_mail_outbox_oldest_unsent_age_seconds')).toBeGreaterThanOrEqual(119);
      expect(value(text, 'solvr_mail_outbox_oldest_unsent_age_seconds')).toBeLessThan(600);
      expect(value(text, 'solvr_mail_campaigns_in_progress')).toBe(1);
      const messages = Object.fromEntries(['pending', 'queued', 'sending', 'sent', 'failed'].map((s) => [s, value(text, `solvr_mail_campaign_messages{state="${s}"}`)]));
      expect(messages).toEqual({ pending: 1, queued: 0, sending: 0, sent: 1, failed: 1 });
    } finally {
      await db.query('DELETE FROM mail_outbox WHERE created_date = ?', [longAgo]);
      await db.query('DELETE FROM mail_campaigns WHERE id = ?', [campaign]);
    }
  });

  it('serves every metric the Grafana dashboard queries (k8s/monitoring/grafana-dashboard.json)', async () => {
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { panels: Array<{ title: string; targets?: Array<{ expr: string }> }> };
    const exprs = dashboard.panels.flatMap((p) => (p.targets ?? []).map((target) => target.expr));
    expect(exprs.length).toBeGreaterThan(10);
    const used = [...new Set(exprs.flatMap(metricNames))].sort();
    expect(used).toEqual(expect.arrayContaining(['solvr_http_request_duration_seconds_bucket', 'solvr_mail_queue_jobs', 'nodejs_eventloop_lag_p99_seconds']));
    const served = servedNames((await scrape(port)).text);
    expect(used.filter((name) => !served.has(name))).toEqual([]);
  });
});
