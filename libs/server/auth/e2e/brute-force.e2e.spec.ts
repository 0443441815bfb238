// tiers: sqlite, services
import { performance } from 'perf_hooks';
import request from 'supertest';
import { type ApiApp, createApi, signUpVerified, createAccount, portOf, createTestEnv, TestEnv, TIER } from '@solvr/server-testing';

const PASSWORD = 'brute-pass-1';
const TRIES = 20;

/** An api on its own database (and Redis prefix) with these settings; closed by `stop`. */
async function startApi(settings: Record<string, string>): Promise<{ app: ApiApp; url: string; stop: () => Promise<void> }> {
  const env: TestEnv = await createTestEnv();
  const app = await createApi(env.config(settings));
  await app.listen(0, '127.0.0.1');
  return {
    app,
    url: `http://127.0.0.1:${portOf(app)}`,
    stop: async () => {
      await app.close();
      await env.cleanup();
    },
  };
}

describe(`brute force (${TIER})`, () => {
  describe('per-account and per-IP limits, behind a trusted proxy', () => {
    let api: Awaited<ReturnType<typeof startApi>>;
    const from = (address: string) => (path: string) => request(api.url).post(path).set('X-Forwarded-For', address);
    beforeAll(async () => {
      api = await startApi({ TRUSTED_PROXIES: 'loopback', THROTTLE_PER_ACCOUNT: '3', THROTTLE_PER_IP: '3' });
      await createAccount(api.app, 'victim@brute.test', PASSWORD);
    });
    afterAll(() => api?.stop());

    it('stops one account attacked from many addresses at the per-account limit', async () => {
      // Each attempt from a new client address: the per-IP budget never runs out, the account's does.
      let n = 0;
      const next = () => from(`198.51.100.${++n}`);
      for (let i = 0; i < 3; i++) await next()('/api/auth/login').send({ email: 'victim@brute.test', password: `guess-${i}` }).expect(401);
      // Even the right password, from yet another address, waits out the window.
      await next()('/api/auth/login').send({ email: 'Victim@Brute.test', password: PASSWORD }).expect(429);
      for (let i = 0; i < 3; i++) await next()('/api/auth/forgot-password').send({ email: 'victim@brute.test' }).expect(202);
      const res = await next()('/api/auth/forgot-password').send({ email: 'victim@brute.test' }).expect(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('stops one address trying many accounts at the per-IP limit, whatever it adds in front of its address', async () => {
      // The proxy appends the address it saw; what the client wrote before it changes every time.
      const attempt = (i: number) =>
        from(`10.${i}.0.1, 203.0.113.77`)('/api/auth/login').send({ email: `account${i}@brute.test`, password: 'guess' });
      for (let i = 0; i < 3; i++) expect((await attempt(i)).status).toBe(401);
      expect((await attempt(3)).status).toBe(429);
      expect((await attempt(4)).status).toBe(429);
      // Another client behind the same proxy has its own budget.
      await from('203.0.113.78')('/api/auth/login').send({ email: 'account9@brute.test', password: 'guess' }).expect(401);
    });
  });

  it('keeps the per-IP limit for an untrusted peer that rotates X-Forwarded-For', async () => {
    const api = await startApi({ TRUSTED_PROXIES: '', THROTTLE_PER_ACCOUNT: '100', THROTTLE_PER_IP: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 1; i <= 5; i++) {
        const res = await request(api.url).post('/api/auth/login').set('X-Forwarded-For', `198.51.100.${i}`).send({ email: `account${i}@brute.test`, password: 'guess' });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await api.stop();
    }
  });

  /**
   * Known and unknown accounts get the same status and body, and times that overlap: each median lies within the
   * other's range (timed where another process sends the mail, see below). Tries alternate (which one goes first changes each round) so load on the box hits both alike.
   */
  describe(`the same answer and overlapping timings for known and unknown accounts (${TRIES} tries each)`, () => {
    let api: Awaited<ReturnType<typeof startApi>>;
    let unique = 0;
    beforeAll(async () => {
      api = await startApi({ THROTTLE_PER_ACCOUNT: '1000', THROTTLE_PER_IP: '100000' });
      await signUpVerified(api.app, 'known@brute.test', PASSWORD);
      // Resend only e-mails an account that is not confirmed yet.
      await request(api.url).post('/api/auth/signup').send({ email: 'unconfirmed@brute.test', password: PASSWORD }).expect(202);
    });
    afterAll(() => api?.stop());

    type Attempt = () => request.Test;
    const cases: Array<[string, Attempt, Attempt]> = [
      [
        'sign-in',
        () => request(api.url).post('/api/auth/login').send({ email: 'known@brute.test', password: 'wrong-pass' }),
        () => request(api.url).post('/api/auth/login').send({ email: 'nobody@brute.test', password: 'wrong-pass' }),
      ],
      [
        'sign-up',
        () => request(api.url).post('/api/auth/signup').send({ email: 'known@brute.test', password: PASSWORD }),
        () => request(api.url).post('/api/auth/signup').send({ email: `new${++unique}@brute.test`, password: PASSWORD }),
      ],
      [
        'resend',
        () => request(api.url).post('/api/auth/resend-verification').send({ email: 'unconfirmed@brute.test' }),
        () => request(api.url).post('/api/auth/resend-verification').send({ email: 'nobody@brute.test' }),
      ],
      [
        'reset',
        () => request(api.url).post('/api/auth/forgot-password').send({ email: 'known@brute.test' }),
        () => request(api.url).post('/api/auth/forgot-password').send({ email: 'nobody@brute.test' }),
      ],
    ];

    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const summary = (xs: number[]) => `median ${median(xs).toFixed(1)} ms, ${Math.min(...xs).toFixed(1)}-${Math.max(...xs).toFixed(1)} ms`;

    it.each(cases)('%s', async (name, known, unknown) => {
      const times = { known: [] as number[], unknown: [] as number[] };
      const answers = new Set<string>();
      for (let i = 0; i < TRIES; i++) {
        const order: Array<['known' | 'unknown', Attempt]> = [['known', known], ['unknown', unknown]];
        for (const [which, attempt] of i % 2 ? order.reverse() : order) {
          const start = performance.now();
          const res = await attempt();
          times[which].push(performance.now() - start);
          answers.add(JSON.stringify([res.status, res.body]));
        }
      }
      console.log(`${name} (${TIER}): known ${summary(times.known)}; unknown ${summary(times.unknown)}`);
      expect([...answers]).toHaveLength(1);
      // In the sqlite tier the mail is sent in this process right after the answer is written, so this test's
      // client (same event loop) reads the answer only after the sending: its clock counts work an outside client
      // does not wait for. With Redis the worker sends, and the times are the answer's alone.
      if (TIER !== 'services') return;
      const within = (x: number, xs: number[]) => x >= Math.min(...xs) && x <= Math.max(...xs);
      expect({ knownMedianInUnknownRange: within(median(times.known), times.unknown), unknownMedianInKnownRange: within(median(times.unknown), times.known) }).toEqual({
        knownMedianInUnknownRange: true,
        unknownMedianInKnownRange: true,
      });
    });
  });
});
