// tiers: sqlite, services
import { randomBytes, randomUUID } from 'crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ADMIN_USERS_TEXTS as T, type AdminFileView, type AdminUserDownloads, type AdminUserPurchases } from '@solvr/contracts';
import { type ApiApp, createApi, signIn, createAccount, multipart, createTestEnv, TestEnv, TIER } from '@solvr/server-testing';

const PASSWORD = 'user-files-pass-1';
const ADMIN = 'panel.admin@user-files.test';
const BUYER = 'buyer@user-files.test';
const QUIET = 'quiet@user-files.test';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** The files part of the admin's user panel: GET /api/admin/users/:id/downloads and /purchases. */
describe(`admin user panel: downloads and purchases (${TIER})`, () => {
  let t: TestEnv;
  let app: ApiApp;
  const token: Record<string, string> = {};
  const id: Record<string, string> = {};
  const api = () => request(app.getHttpServer());
  const as = (email: string) => (req: request.Test) => req.set('Authorization', `Bearer ${token[email]}`);
  const db = () => app.get(DataSource);
  let installer: AdminFileView;
  let manual: AdminFileView;

  async function upload(name: string, version: string): Promise<AdminFileView> {
    const { body, contentType } = multipart(
      [
        ['name', name],
        ['version', version],
      ],
      [{ filename: `${name}.zip`, content: randomBytes(512), type: 'application/zip' }],
    );
    return (await as(ADMIN)(api().post('/api/admin/files').set('Content-Type', contentType)).send(body).expect(201)).body;
  }

  /** A purchase as the payments feature records it once the provider confirms a payment (its webhook is tested in payments). */
  const purchase = (fileId: string, userId: string, amount: number, status: 'paid' | 'refunded', date: Date) => {
    const at = date.toISOString().replace('T', ' ').replace('Z', '');
    return db().query(
      'INSERT INTO purchases (id, file_id, user_id, stripe_session_id, amount_paid, currency, payment_status, created_date, updated_date) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [randomUUID(), fileId, userId, `cs_test_${randomUUID()}`, amount, 'USD', status, at, at],
    );
  };

  beforeAll(async () => {
    t = await createTestEnv();
    app = await createApi(t.config());
    await app.init();
    for (const [email, role] of [[ADMIN, 'admin'], [BUYER, 'user'], [QUIET, 'user']] as const) {
      await createAccount(app, email, PASSWORD, role);
      token[email] = (await signIn(app, email, PASSWORD)).token;
      id[email] = (await db().query('SELECT id FROM users WHERE email = ?', [email]))[0].id;
    }
    installer = await upload('Installer', '2.1.0');
    manual = await upload('Manual', '');
    for (const file of [installer, manual, installer]) await as(BUYER)(api().post(`/api/files/${file.id}/download`)).expect(200);
    await purchase(installer.id, id[BUYER], 1999, 'paid', new Date(Date.now() - 3_600_000));
    await purchase(manual.id, id[BUYER], 500, 'refunded', new Date(Date.now() - 1_800_000));
    // A file deleted since: the purchase stays (the money was taken), without a name.
    await purchase(UNKNOWN, id[BUYER], 300, 'paid', new Date(Date.now() - 60_000));
  });
  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  it("lists a user's downloads newest first with the files' names, and an empty list for a user with none", async () => {
    const res = (await as(ADMIN)(api().get(`/api/admin/users/${id[BUYER]}/downloads`)).expect(200)).body as AdminUserDownloads;
    expect(res.total).toBe(3);
    expect(res.downloads.map((d) => [d.file_name, d.file_version])).toEqual([
      ['Installer', '2.1.0'],
      ['Manual', null],
      ['Installer', '2.1.0'],
    ]);
    const dates = res.downloads.map((d) => d.created_date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await as(ADMIN)(api().get(`/api/admin/users/${id[QUIET]}/downloads`)).expect(200)).body).toEqual({ downloads: [], total: 0 });
  });

  it("lists a user's purchases newest first with the files' names and the paid total", async () => {
    const res = (await as(ADMIN)(api().get(`/api/admin/users/${id[BUYER]}/purchases`)).expect(200)).body as AdminUserPurchases;
    expect(res.purchases.map((p) => [p.file_name, p.amount_paid, p.payment_status])).toEqual([
      [null, 300, 'paid'],
      ['Manual', 500, 'refunded'],
      ['Installer', 1999, 'paid'],
    ]);
    expect(res.revenue).toEqual([{ currency: 'USD', amount: 2299 }]);
    expect((await as(ADMIN)(api().get(`/api/admin/users/${id[QUIET]}/purchases`)).expect(200)).body).toEqual({ purchases: [], revenue: [] });
  });

  it('answers admins only, and 404 with a sentence for an unknown user', async () => {
    for (const part of ['downloads', 'purchases']) {
      await api().get(`/api/admin/users/${id[BUYER]}/${part}`).expect(401);
      await as(BUYER)(api().get(`/api/admin/users/${id[BUYER]}/${part}`)).expect(403);
      for (const unknown of [UNKNOWN, 'not-an-id']) {
        const res = await as(ADMIN)(api().get(`/api/admin/users/${unknown}/${part}`)).expect(404);
        expect(res.body.message).toBe(T.userNotFound);
      }
      expect((await as(ADMIN)(api().get(`/api/admin/users/${id[BUYER]}/${part}`)).expect(200)).headers['cache-control']).toMatch(/no-store/);
    }
  });
});
