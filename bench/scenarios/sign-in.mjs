// Sign-in: POST /api/auth/login with the first admin's credentials, against its reference, argon2.verify of
// the same stored hash (same cost parameters) alone in the harness process. Latency of sequential sign-ins,
// and throughput with 8 in flight. The app runs with THROTTLE_PER_ACCOUNT/PER_IP raised (see bench/lib/app.mjs).
import { keepAliveAgent, request } from '../lib/http.mjs';
import { percentile, summarize } from '../lib/stats.mjs';

const IN_FLIGHT = 8;

/** The stored argon2 hash of the account (so the reference pays exactly the same cost), or null. */
async function storedHash(app) {
  const sql = 'SELECT password_hash AS h FROM users WHERE email = ?';
  try {
    if (app.database.type === 'sqlite') {
      const { default: Database } = await import('better-sqlite3');
      const db = new Database(app.database.path, { readonly: true, fileMustExist: true });
      try {
        return db.prepare(sql).get(app.admin.email)?.h ?? null;
      } finally {
        db.close();
      }
    }
    const { default: mysql } = await import('mysql2/promise');
    const c = await mysql.createConnection({ uri: app.database.url });
    try {
      const [rows] = await c.query(sql, [app.admin.email]);
      return rows[0]?.h ?? null;
    } finally {
      await c.end();
    }
  } catch {
    return null;
  }
}

/**
 * Sequential latency, paired: `count` times one sign-in and one argon2.verify back to back (order alternating),
 * so each difference is taken under the same machine load. Returns both latency lists and the differences.
 */
async function paired(app, ref, count) {
  const out = { app: [], ref: [], diff: [] };
  for (let i = 0; i < count; i++) {
    let a;
    let r;
    if (i % 2 === 0) {
      a = await app();
      r = await ref();
    } else {
      r = await ref();
      a = await app();
    }
    out.app.push(a);
    out.ref.push(r);
    out.diff.push(a - r);
  }
  return out;
}

/** `IN_FLIGHT` ops at once for `seconds`; ops/s. */
async function throughput(op, seconds) {
  let done = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (performance.now() < deadline) {
        await op();
        done += 1;
      }
    }),
  );
  return { ops: done / ((performance.now() - started) / 1000) };
}

export default {
  name: 'sign-in',
  order: 40,
  title: 'Sign-in latency and throughput vs argon2.verify alone',
  async run(ctx) {
    const { default: argon2 } = await import('argon2');
    const { email, password } = ctx.app.admin;
    const agent = keepAliveAgent(IN_FLIGHT);
    const notes = [];
    const login = () => request(`${ctx.app.url}/api/auth/login`, { method: 'POST', body: { email, password }, agent });
    const probe = await login();
    if (probe.status !== 200) throw new Error(`sign-in as ${email} answered ${probe.status}: ${probe.body.slice(0, 200)}`);
    let failures = 0;
    const signIn = async () => {
      const t = performance.now();
      if ((await login()).status !== 200) failures += 1;
      return performance.now() - t;
    };
    let hash = await storedHash(ctx.app);
    if (!hash) {
      hash = await argon2.hash(password, { type: argon2.argon2id });
      notes.push('stored hash not readable: the reference verifies a fresh argon2id hash with default parameters');
    }
    notes.push(`reference hash parameters: ${hash.split('$').slice(1, 4).join(' ')}`);
    const verify = async () => {
      const t = performance.now();
      if (!(await argon2.verify(hash, password))) throw new Error('argon2.verify refused the bench password');
      return performance.now() - t;
    };
    const count = ctx.smoke ? 3 : 15;
    const seconds = ctx.smoke ? 1 : ctx.duration;
    await signIn();
    await verify();
    const rounds = [];
    for (let i = 0; i < ctx.rounds; i++) {
      const seq = await paired(signIn, verify, count);
      const appFirst = i % 2 === 0;
      const first = await throughput(appFirst ? signIn : verify, seconds);
      const second = await throughput(appFirst ? verify : signIn, seconds);
      const [tpApp, tpRef] = appFirst ? [first, second] : [second, first];
      const r = {
        p50: percentile(seq.app, 50),
        p99: percentile(seq.app, 99),
        argon2_p50: percentile(seq.ref, 50),
        overhead: percentile(seq.diff, 50),
        ops: tpApp.ops,
        argon2_ops: tpRef.ops,
      };
      rounds.push(r);
      ctx.log(
        `  round ${i + 1}/${ctx.rounds} sign-in p50 ${r.p50.toFixed(0)} ms, argon2 p50 ${r.argon2_p50.toFixed(0)} ms, ` +
          `overhead ${r.overhead.toFixed(1)} ms; ${r.ops.toFixed(1)} vs ${r.argon2_ops.toFixed(1)} ops/s`,
      );
    }
    agent.destroy();
    const s = (key, unit) => summarize(rounds.map((r) => r[key]), unit);
    notes.unshift(
      `${count} sign-ins paired with ${count} argon2 verifies per round (sequential, alternating), then ${IN_FLIGHT} in flight, app and argon2 alternating`,
    );
    return {
      metrics: {
        p50: { label: 'sign-in p50 (sequential)', ...s('p50', 'ms') },
        p99: { label: 'sign-in p99 (sequential)', ...s('p99', 'ms') },
        argon2_p50: { label: 'argon2.verify alone p50', ...s('argon2_p50', 'ms') },
        overhead_ms: { label: 'sign-in minus argon2 (median of pairs)', ...s('overhead', 'ms') },
        ops: { label: `sign-ins/s (${IN_FLIGHT} in flight)`, ...s('ops', 'ops/s') },
        argon2_ops: { label: `argon2 verifies/s (${IN_FLIGHT} in flight)`, ...s('argon2_ops', 'ops/s') },
        ops_ratio: { label: 'sign-ins/s / argon2 verifies/s', ...summarize(rounds.map((r) => r.ops / r.argon2_ops), 'x') },
        errors: { label: 'failed sign-ins (all rounds)', ...summarize([failures], 'count') },
      },
      notes,
    };
  },
};
