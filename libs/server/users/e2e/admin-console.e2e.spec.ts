// tiers: sqlite, services
import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  ADMIN_USER_SORTS,
  ADMIN_USERS_TEXTS as T,
  type AdminFileStats,
  type AdminUserDetail,
  type AdminUserSort,
  type AdminUserView,
  type SortDirection,
  type AdminSummary,
  type AdminUserPage,
  type AuditPage,
  csvDate,
  csvDateTime,
  csvSafeCell,
  type DailyCount,
  USERS_CSV_COLUMNS,
} from '@solvr/contracts';
import { UserDirectory } from '@solvr/server-users';
import { type ApiApp, createApi, signIn, createAccount, createTestEnv, TestEnv, TIER, manyUsers, seedUsers, type SeedUser } from '@solvr/server-testing';

const PASSWORD = 'console-pass-1';
const ADMIN = 'console.admin@console.test';
const ADMIN2 = 'second.admin@console.test';
const USER = 'plain.user@console.test';
const LOAD = 100_000;
const NOW = Date.now();
/** The three accounts made here, and the first admin the api made at start. */
const API_ACCOUNTS = 4;

/** Users whose cells a CSV writer gets wrong: commas, quotes, line breaks, accents and formula prefixes. */
const TRICKY: SeedUser[] = [
  { email: 'comma@tricky.test', full_name: 'Doe, Jane', company: 'Acme, Inc.', job_title: 'CTO', phone: '+1 555 0100', created: new Date(NOW - 3600_000), last_login: new Date(NOW - 60_000), download_count: 3 },
  { email: 'quote@tricky.test', full_name: 'Jane "JJ" Doe', company: 'The "Best" Co', created: new Date(NOW - 7200_000) },
  { email: 'newline@tricky.test', full_name: 'Line\nBreak', company: 'Multi\r\nLine Ltd', created: new Date(NOW - 10_800_000) },
  { email: 'accents@tricky.test', full_name: 'Zoë Ångström-Müller', company: 'Société Générale', job_title: 'Ingénieure', created: new Date(NOW - 14_400_000) },
  { email: 'formula@tricky.test', full_name: '=HYPERLINK("http://evil.example","x")', company: '+SUM(A1:A9)', job_title: '-2+3', phone: '@cmd', created: new Date(NOW - 18_000_000) },
  { email: 'tab@tricky.test', full_name: '\tTabbed', company: '\rReturn', created: new Date(NOW - 21_600_000) },
  { email: 'phone@tricky.test', full_name: 'Phil Phone', phone: '+15551234567', created: new Date(NOW - 25_200_000) },
];

/**
 * Users made for the sort tests: more than two pages (found by the search 'sorted.test'), with ties in every column
 * but e-mail, NULLs in the nullable ones, and names and companies that differ only by case (a tie too).
 */
const SORTED_COUNT = 120;
const SORTED: SeedUser[] = Array.from({ length: SORTED_COUNT }, (_, i) => ({
  email: `sort-${String((i * 37) % SORTED_COUNT).padStart(3, '0')}@sorted.test`,
  full_name: [null, 'alpha', 'Alpha', 'beta', 'Gamma', 'delta'][i % 6],
  company: [null, 'acme', 'Bolt', 'bolt', 'zeta'][i % 5],
  // (All users: the role tests want exactly two admins; role sorts are checked over the whole table.)
  download_count: i % 3,
  created: new Date(NOW - 90 * 86_400_000 - (i % 4) * 3600_000),
  last_login: i % 7 === 0 ? null : new Date(NOW - (i % 3) * 20 * 86_400_000),
}));

/** The sort key a column compares (text case-insensitively, dates as times); null sorts first ascending. */
function sortKey(u: AdminUserView, sort: AdminUserSort): string | number | null {
  switch (sort) {
    case 'name':
      return u.full_name?.toLowerCase() ?? null;
    case 'email':
      return u.email;
    case 'company':
      return u.company?.toLowerCase() ?? null;
    case 'role':
      return u.role;
    case 'downloads':
      return u.download_count;
    case 'joined':
      return Date.parse(u.created_date);
    case 'last_login':
    case 'status':
      return u.last_login ? Date.parse(u.last_login) : null;
  }
}

/** The order the api promises: the column (NULLs first ascending, last descending), then id; status is last login reversed. */
function compareUsers(sort: AdminUserSort, dir: SortDirection) {
  const ascending = (dir === 'asc') !== (sort === 'status');
  return (a: AdminUserView, b: AdminUserView) => {
    const [x, y] = [sortKey(a, sort), sortKey(b, sort)];
    const byKey = x === y ? 0 : x === null ? -1 : y === null ? 1 : x < y ? -1 : 1;
    const up = byKey || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    return ascending ? up : -up;
  };
}

describe(`admin console: users, roles, CSV, audit (${TIER})`, () => {
  let t: TestEnv;
  let app: ApiApp;
  const token: Record<string, string> = {};
  const api = () => request(app.getHttpServer());
  const as = (email: string) => (req: request.Test) => req.set('Authorization', `Bearer ${token[email]}`);
  const db = () => app.get(DataSource);
  const mysql = TIER === 'services';

  beforeAll(async () => {
    t = await createTestEnv();
    app = await createApi(t.config());
    await app.init();
    for (const [email, role] of [[ADMIN, 'admin'], [ADMIN2, 'admin'], [USER, 'user']] as const) {
      await createAccount(app, email, PASSWORD, role);
      token[email] = (await signIn(app, email, PASSWORD)).token;
    }
    // The first admin the api made at start would be a third admin: these tests want exactly two.
    await db().query("UPDATE users SET role = 'user' WHERE email = 'admin@solvr.local'");
    await seedUsers(app, [...manyUsers(LOAD, NOW), ...TRICKY, ...SORTED]);
    if (mysql) await db().query('ANALYZE TABLE users');
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  const page = async (query: Record<string, string> = {}) => (await as(ADMIN)(api().get('/api/admin/users').query(query)).expect(200)).body as AdminUserPage;

  it('pages 100,000 users newest first, 50 at a time, with no row twice', async () => {
    const first = await page();
    expect(first.total).toBe(LOAD + TRICKY.length + SORTED_COUNT + API_ACCOUNTS);
    expect(first.users).toHaveLength(50);
    const second = await page({ after: first.next as string });
    const dates = [...first.users, ...second.users].map((u) => u.created_date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set([...first.users, ...second.users].map((u) => u.id)).size).toBe(100);
    expect(first.users.slice(0, API_ACCOUNTS).map((u) => u.email).sort()).toEqual([ADMIN, ADMIN2, USER, 'admin@solvr.local'].sort());
    expect((await as(ADMIN)(api().get('/api/admin/users').query({ after: 'garbage' })).expect(400)).body.message).toBe('The page cursor is not valid. Reload the list.');
  });

  it('searches name, e-mail and company case-insensitively on the server, with the total of matches', async () => {
    expect((await page({ q: 'SOCIÉTÉ' })).users.map((u) => u.email)).toEqual(['accents@tricky.test']);
    expect((await page({ q: 'doe, jane' })).users.map((u) => u.email)).toEqual(['comma@tricky.test']);
    expect((await page({ q: 'quote@TRICKY' })).users.map((u) => u.email)).toEqual(['quote@tricky.test']);
    // Accents ignored both ways; quotes are text; two letters (below the trigram index) still search.
    for (const q of ['societe generale', 'ZOE ANGSTROM', 'gstro', 'Ångström']) expect([q, (await page({ q })).users.map((u) => u.email)]).toEqual([q, ['accents@tricky.test']]);
    expect((await page({ q: 'jane "jj"' })).users.map((u) => u.email)).toEqual(['quote@tricky.test']);
    expect((await page({ q: 'Zo' })).users.map((u) => u.email)).toContain('accents@tricky.test');
    const company = await page({ q: 'Company 996' });
    expect(company.total).toBe(manyUsers(LOAD, NOW).filter((u) => u.company === 'Company 996').length);
    expect(company.users.every((u) => u.company === 'Company 996')).toBe(true);
    // LIKE wildcards in the search are literal text
    expect((await page({ q: '%' })).total).toBe(0);
    expect((await page({ q: 'nobody-here' })).users).toEqual([]);
    // A row changed after it was written is found by what it holds now, not by what it held (whoever wrote it).
    await db().query('UPDATE users SET company = ? WHERE email = ?', ['Größe Ölwerke', 'phone@tricky.test']);
    try {
      expect((await page({ q: 'grosse' })).users.map((u) => u.email)).toEqual([]);
      expect((await page({ q: 'GRÖßE ölw' })).users.map((u) => u.email)).toEqual(['phone@tricky.test']);
      expect((await page({ q: 'grOße olw' })).users.map((u) => u.email)).toEqual(['phone@tricky.test']);
    } finally {
      await db().query('UPDATE users SET company = NULL WHERE email = ?', ['phone@tricky.test']);
    }
    expect((await page({ q: 'ölwerke' })).users).toEqual([]);
    // The longest name and company, of the characters that weigh most, are written and found.
    await db().query('UPDATE users SET full_name = ?, company = ? WHERE email = ?', ['\uFDFB'.repeat(200), '\u337F'.repeat(200), 'phone@tricky.test']);
    try {
      expect((await page({ q: '\uFDFB\uFDFB\uFDFB' })).users.map((u) => u.email)).toEqual(['phone@tricky.test']);
    } finally {
      await db().query('UPDATE users SET full_name = ?, company = NULL WHERE email = ?', ['Phil Phone', 'phone@tricky.test']);
    }
  });

  /** The index each sort walks (joined: the one made for the newest-first list). */
  const SORT_INDEX: Record<AdminUserSort, string> = {
    name: 'users_sort_name',
    email: 'users_sort_email',
    company: 'users_sort_company',
    role: 'users_sort_role',
    downloads: 'users_sort_downloads',
    joined: 'users_created_id',
    last_login: 'users_sort_last_login',
    status: 'users_sort_last_login',
  };

  it('serves every sort, both ways, from an index in order, without sorting the table; on SQLite a search reads its trigram index', async () => {
    const directory = app.get(UserDirectory);
    for (const sort of ADMIN_USER_SORTS) {
      for (const dir of ['asc', 'desc'] as const) {
        // The first page, and a deep page (after a cursor in the middle of the values).
        const [, , value, id] = JSON.parse(Buffer.from((await page({ sort, dir })).next as string, 'base64url').toString());
        const cursors = [null, { sort, dir, value, id }];
        for (const q of ['', 'acme']) {
          for (const after of cursors) {
            const [sql, params] = directory.pageQuery(q, { sort, dir }, after).limit(51).getQueryAndParameters();
            const where = `${sort} ${dir} q=${q} after=${!!after}`;
            if (mysql) {
              const plan: Array<{ key: string | null; Extra: string | null }> = await db().query(`EXPLAIN ${sql}`, params);
              if (!q) expect([where, plan[0].key]).toEqual([where, expect.stringMatching(sort === 'email' ? /email/i : new RegExp(`^${SORT_INDEX[sort]}$`))]);
              if (!q) expect([where, plan[0].Extra ?? '']).toEqual([where, expect.not.stringMatching(/filesort/i)]);
            } else {
              const plan: Array<{ detail: string }> = await db().query(`EXPLAIN QUERY PLAN ${sql}`, params);
              const text = plan.map((p) => p.detail).join('\n');
              if (q) {
                // The matches come from users_search: no pass over the users table.
                expect([where, text]).toEqual([where, expect.stringMatching(/SCAN users_search VIRTUAL TABLE/)]);
                expect([where, text]).toEqual([where, expect.not.stringMatching(/SCAN u\b/)]);
              } else {
                expect([where, text]).toEqual([where, expect.stringMatching(new RegExp(`USING (COVERING )?INDEX ${SORT_INDEX[sort]}\\b`))]);
                expect([where, text]).toEqual([where, expect.not.stringMatching(/TEMP B-TREE/)]);
              }
            }
          }
        }
      }
    }
    const indexes: string[] = mysql
      ? (await db().query('SHOW INDEX FROM users')).map((r: { Key_name: string; Column_name: string }) => `${r.Key_name}:${r.Column_name}`)
      : (await db().query("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'users'")).map((r: { name: string }) => r.name);
    for (const name of Object.values(SORT_INDEX)) expect(indexes.some((i) => i.startsWith(name))).toBe(true);
  });

  it('sorts by every column both ways, with a search, paging by keyset through ties and NULLs without a row twice or missed', async () => {
    for (const sort of ADMIN_USER_SORTS) {
      for (const dir of ['asc', 'desc'] as const) {
        const seen: AdminUserView[] = [];
        let next: string | null = null;
        let pages = 0;
        do {
          const res: AdminUserPage = await page({ q: 'sorted.test', sort, dir, ...(next ? { after: next } : {}) });
          expect(res.total).toBe(SORTED_COUNT);
          seen.push(...res.users);
          next = res.next;
          pages++;
        } while (next && pages < 10);
        const where = `${sort} ${dir}`;
        expect([where, pages]).toEqual([where, 3]);
        expect([where, seen.map((u) => u.email).sort()]).toEqual([where, SORTED.map((u) => u.email).sort()]);
        expect([where, seen.map((u) => u.email)]).toEqual([where, [...seen].sort(compareUsers(sort, dir)).map((u) => u.email)]);
      }
    }
    // Status reads Active, Inactive, New from A to Z.
    const byStatus = (await page({ q: 'sorted.test', sort: 'status' })).users.map((u) => u.last_login);
    expect(byStatus[0]).not.toBeNull();
  });

  it('pages 100,000 users by every column both ways: each page continues the last, with no row twice', async () => {
    for (const sort of ADMIN_USER_SORTS) {
      for (const dir of ['asc', 'desc'] as const) {
        const first = await page({ sort, dir });
        const second = await page({ sort, dir, after: first.next as string });
        const third = await page({ sort, dir, after: second.next as string });
        const rows = [...first.users, ...second.users, ...third.users];
        const where = `${sort} ${dir}`;
        expect([where, first.total, new Set(rows.map((u) => u.id)).size]).toEqual([where, LOAD + TRICKY.length + SORTED_COUNT + API_ACCOUNTS, 150]);
        // (Only the load users: the databases' collations differ on the tricky names' control characters and accents.)
        const plain = rows.filter((u) => u.email.endsWith('@load.test') || u.email.endsWith('@sorted.test'));
        const compare = compareUsers(sort, dir);
        for (let i = 1; i < plain.length; i++) expect([where, i, compare(plain[i - 1], plain[i]) < 0]).toEqual([where, i, true]);
      }
    }
  }, 120_000);

  it('refuses an unknown sort column, a bad direction and a cursor of another sort with a sentence', async () => {
    const bad = async (query: Record<string, string>) => (await as(ADMIN)(api().get('/api/admin/users').query(query)).expect(400)).body.message;
    expect(await bad({ sort: 'password_hash' })).toBe(T.badSort);
    expect(await bad({ sort: 'name', dir: 'sideways' })).toBe(T.badDirection);
    const byName = await page({ sort: 'name' });
    expect(await bad({ sort: 'email', after: byName.next as string })).toBe(T.badCursor);
    expect(await bad({ sort: 'name', dir: 'desc', after: byName.next as string })).toBe(T.badCursor);
  });

  it("answers a user's details for the side panel to admins only, and 404 with a sentence for an unknown id", async () => {
    const [target] = (await page({ q: 'comma@tricky.test' })).users;
    const detail = (await as(ADMIN)(api().get(`/api/admin/users/${target.id}`)).expect(200)).body as AdminUserDetail;
    expect(detail).toMatchObject({ ...target, street_address_1: null, city: null, country: null, profile_completed: false, bulk_mail_opt_out: false });
    await as(USER)(api().get(`/api/admin/users/${target.id}`)).expect(403);
    await api().get(`/api/admin/users/${target.id}`).expect(401);
    for (const unknown of ['00000000-0000-4000-8000-000000000000', 'nobody']) {
      expect((await as(ADMIN)(api().get(`/api/admin/users/${unknown}`)).expect(404)).body.message).toBe(T.userNotFound);
    }
  });

  it('counts users, admins and downloads for the stat cards, and files and downloads per day for the Overview', async () => {
    const summary = (await as(ADMIN)(api().get('/api/admin/summary')).expect(200)).body as AdminSummary;
    const seeded = [...manyUsers(LOAD, NOW), ...TRICKY, ...SORTED];
    expect(summary).toEqual({
      total_users: LOAD + TRICKY.length + SORTED_COUNT + API_ACCOUNTS,
      admins: 2,
      total_downloads: seeded.reduce((n, u) => n + (u.download_count ?? 0), 0),
    });
    const signups = (await as(ADMIN)(api().get('/api/admin/users/signups')).expect(200)).body as DailyCount[];
    expect(signups).toHaveLength(30);
    const expected: Record<string, number> = {};
    for (const u of seeded) expected[csvDate(u.created)] = (expected[csvDate(u.created)] ?? 0) + 1;
    const today = csvDate(new Date());
    expected[today] = (expected[today] ?? 0) + API_ACCOUNTS;
    for (const point of signups) expect(point.count).toBe(expected[point.day] ?? 0);
    const files = (await as(ADMIN)(api().get('/api/admin/files/stats')).expect(200)).body as AdminFileStats;
    expect(files.downloads_per_day).toHaveLength(30);
    expect(files.total_files).toBe(Number((await db().query('SELECT COUNT(*) AS n FROM files'))[0].n));
  });

  describe('Export CSV', () => {
    const exportCsv = async (q?: string) => {
      const res = await as(ADMIN)(api().get('/api/admin/users/export.csv').query(q === undefined ? {} : { q }))
        .buffer(true)
        .parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      return { res, body: res.body as Buffer };
    };

    it("writes users.csv with the spec's columns and formats, a BOM, and cells a spreadsheet cannot run", async () => {
      const { res, body } = await exportCsv('tricky.test');
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="users.csv"');
      expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const rows: string[][] = parse(body, { bom: true, relax_column_count: false });
      expect(rows[0]).toEqual([...USERS_CSV_COLUMNS]);
      const byEmail = new Map(rows.slice(1).map((r) => [r[1], r]));
      expect(byEmail.size).toBe(TRICKY.length);
      for (const u of TRICKY) {
        expect(byEmail.get(u.email)).toEqual([
          csvSafeCell(u.full_name),
          u.email,
          'user',
          csvSafeCell(u.company),
          csvSafeCell(u.job_title),
          csvSafeCell(u.phone),
          String(u.download_count ?? 0),
          csvDate(u.created),
          u.last_login ? csvDateTime(u.last_login) : 'Never',
        ]);
      }
      // Formulas stay text; phone numbers read as themselves.
      expect(byEmail.get('formula@tricky.test')?.slice(3, 6)).toEqual(["'+SUM(A1:A9)", "'-2+3", "'@cmd"]);
      expect(byEmail.get('formula@tricky.test')?.[0]).toBe(`'=HYPERLINK("http://evil.example","x")`);
      expect([byEmail.get('phone@tricky.test')?.[5], byEmail.get('comma@tricky.test')?.[5]]).toEqual(['+15551234567', '+1 555 0100']);
      // newest first, like the list
      expect(rows.slice(1).map((r) => r[1])).toEqual(TRICKY.map((u) => u.email));
      expect(byEmail.get('comma@tricky.test')?.[8]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      expect(body.toString()).toContain('"Doe, Jane"');
      expect(body.toString()).toContain('"Jane ""JJ"" Doe"');
    });

    it('exports in the order the list is sorted by, and refuses an unknown sort', async () => {
      const res = await as(ADMIN)(api().get('/api/admin/users/export.csv').query({ q: 'sorted.test', sort: 'email', dir: 'desc' })).buffer(true).expect(200);
      const rows: string[][] = parse(res.text ?? res.body, { bom: true });
      expect(rows.slice(1).map((r) => r[1])).toEqual(SORTED.map((u) => u.email).sort().reverse());
      expect((await as(ADMIN)(api().get('/api/admin/users/export.csv').query({ sort: 'nope' })).expect(400)).body.message).toBe(T.badSort);
    });

    it('exports every one of 100,000 users, and only the header row when nothing matches', async () => {
      const all: string[][] = parse((await exportCsv()).body, { bom: true });
      expect(all).toHaveLength(LOAD + TRICKY.length + SORTED_COUNT + API_ACCOUNTS + 1);
      expect(new Set(all.slice(1).map((r) => r[1])).size).toBe(LOAD + TRICKY.length + SORTED_COUNT + API_ACCOUNTS);
      const none: string[][] = parse((await exportCsv('matches-nobody')).body, { bom: true });
      expect(none).toEqual([[...USERS_CSV_COLUMNS]]);
    }, 120_000);
  });

  describe('roles', () => {
    const setRole = (actor: string, email: string, role: string) =>
      userId(email).then((id) => as(actor)(api().patch(`/api/admin/users/${id}/role`)).send({ role }));
    const userId = async (email: string) => (await page({ q: email })).users[0].id;

    it('promotes a user, who is an admin on its very next request, and demotes it again, which takes effect at once', async () => {
      await as(USER)(api().get('/api/admin/summary')).expect(403);
      const promoted = await setRole(ADMIN, USER, 'admin');
      expect(promoted.status).toBe(200);
      expect(promoted.body).toMatchObject({ email: USER, role: 'admin' });
      await as(USER)(api().get('/api/admin/summary')).expect(200);
      await setRole(ADMIN, USER, 'user').then((r) => expect(r.status).toBe(200));
      await as(USER)(api().get('/api/admin/summary')).expect(403);
    });

    it('refuses a demotion of oneself, a bad role and an unknown user with a sentence', async () => {
      const self = await setRole(ADMIN, ADMIN, 'user');
      expect([self.status, self.body.message]).toEqual([409, T.selfDemote]);
      const bad = await setRole(ADMIN, USER, 'owner');
      expect([bad.status, bad.body.message]).toEqual([400, T.badRole]);
      const unknown = await as(ADMIN)(api().patch('/api/admin/users/00000000-0000-4000-8000-000000000000/role')).send({ role: 'admin' });
      expect([unknown.status, unknown.body.message]).toEqual([404, T.userNotFound]);
    });

    it('keeps the last admin: two admins demoting each other at once, one of them wins', async () => {
      // Both ids first: the lookup runs as ADMIN, who may already be demoted by the time a second lookup would run.
      const [adminId, admin2Id] = [await userId(ADMIN), await userId(ADMIN2)];
      const roleOf = (actor: string, id: string, role: string) => as(actor)(api().patch(`/api/admin/users/${id}/role`)).send({ role });
      const [a, b] = await Promise.all([roleOf(ADMIN, admin2Id, 'user'), roleOf(ADMIN2, adminId, 'user')]);
      const statuses = [a.status, b.status].sort();
      // The loser is refused either as the last admin or, if the winner's change landed first, as no admin at all.
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      if (statuses[1] === 409) expect([a, b].find((r) => r.status === 409)?.body.message).toBe(T.lastAdmin);
      const summary = (await as(a.status === 200 ? ADMIN : ADMIN2)(api().get('/api/admin/summary')).expect(200)).body as AdminSummary;
      expect(summary.admins).toBe(1);
      // back to two admins for the tests after this one
      // (by id: a lookup through the users list as the loser, no longer an admin, would be refused)
      const [winner, loserId] = a.status === 200 ? [ADMIN, admin2Id] : [ADMIN2, adminId];
      await roleOf(winner, loserId, 'admin').then((r) => expect(r.status).toBe(200));
      expect(((await as(winner)(api().get('/api/admin/summary')).expect(200)).body as AdminSummary).admins).toBe(2);
    });
  });

  describe('audit log', () => {
    it('records admin actions with actor, action, target, time and IP, filters them, and offers no way to change them', async () => {
      const news = await as(ADMIN)(api().post('/api/admin/news')).send({ title: 'Audited post', content: '<p>x</p>' }).expect(201);
      await as(ADMIN)(api().patch(`/api/admin/news/${news.body.id}`)).send({ is_published: false }).expect(200);
      await as(ADMIN)(api().delete(`/api/admin/news/${news.body.id}`)).expect(204);
      const log = (await as(ADMIN)(api().get('/api/admin/audit')).expect(200)).body as AuditPage;
      const actions = log.entries.map((e) => e.action);
      expect(actions.slice(0, 3)).toEqual(['news.delete', 'news.publish', 'news.create']);
      expect(actions).toContain('user.role');
      const created = log.entries.find((e) => e.action === 'news.create');
      expect(created).toMatchObject({ actor_email: ADMIN, target_type: 'news', target_id: news.body.id, target_label: 'Audited post' });
      expect(created?.ip).toBeTruthy();
      expect(Date.now() - Date.parse(created?.created_date as string)).toBeLessThan(60_000);
      expect(log.entries.find((e) => e.action === 'news.publish')?.detail).toBe('is_published: false');
      const roles = (await as(ADMIN)(api().get('/api/admin/audit').query({ action: 'user.role' })).expect(200)).body as AuditPage;
      expect(roles.entries.length).toBeGreaterThanOrEqual(2);
      expect(roles.entries.every((e) => e.action === 'user.role' && e.target_type === 'user')).toBe(true);
      expect(roles.entries.map((e) => e.target_label)).toContain(USER);
      const byActor = (await as(ADMIN)(api().get('/api/admin/audit').query({ actor: 'SECOND.admin' })).expect(200)).body as AuditPage;
      expect(byActor.entries.every((e) => e.actor_email === ADMIN2)).toBe(true);
      expect((await as(ADMIN)(api().get('/api/admin/audit').query({ action: 'drop table' })).expect(400)).body.message).toBe('Unknown action filter.');
      await as(USER)(api().get('/api/admin/audit')).expect(403);
      await api().get('/api/admin/audit').expect(401);
      for (const method of ['put', 'patch', 'delete', 'post'] as const) {
        await as(ADMIN)(api()[method](`/api/admin/audit/${created?.id}`)).send({}).expect(404);
        await as(ADMIN)(api()[method]('/api/admin/audit')).send({}).expect(404);
      }
    });

    it("filters the entries by or about one user for the side panel: admins only, 404 for an unknown user", async () => {
      const idOf = async (email: string) => (await page({ q: email })).users[0].id;
      const [userId, adminId] = [await idOf(USER), await idOf(ADMIN)];
      const about = (await as(ADMIN)(api().get('/api/admin/audit').query({ user: userId })).expect(200)).body as AuditPage;
      expect(about.entries.length).toBeGreaterThanOrEqual(2);
      expect(about.entries.every((e) => e.actor_id === userId || (e.target_type === 'user' && e.target_id === userId))).toBe(true);
      expect(about.entries.some((e) => e.action === 'user.role')).toBe(true);
      const by = (await as(ADMIN)(api().get('/api/admin/audit').query({ user: adminId })).expect(200)).body as AuditPage;
      expect(by.entries.some((e) => e.actor_id === adminId && e.action === 'news.create')).toBe(true);
      expect(by.entries.every((e) => e.actor_id === adminId || e.target_id === adminId)).toBe(true);
      for (const unknown of ['00000000-0000-4000-8000-000000000000', 'nobody']) {
        expect((await as(ADMIN)(api().get('/api/admin/audit').query({ user: unknown })).expect(404)).body.message).toBe(T.userNotFound);
      }
      await as(USER)(api().get('/api/admin/audit').query({ user: userId })).expect(403);
    });

    it('records a failed action not at all', async () => {
      const before = (await as(ADMIN)(api().get('/api/admin/audit')).expect(200)).body as AuditPage;
      await as(ADMIN)(api().delete('/api/admin/news/00000000-0000-4000-8000-000000000000')).expect(404);
      const after = (await as(ADMIN)(api().get('/api/admin/audit')).expect(200)).body as AuditPage;
      expect(after.entries[0].id).toBe(before.entries[0].id);
    });
  });
});
