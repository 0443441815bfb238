// A bulk e-mail campaign from the Email Center to a local SMTP sink, against a bare nodemailer pooled loop sending
// as many messages of the same size to the same sink in the same run (same pool of connections). Reported:
// messages/s of each and their ratio (the app's time runs from the admin's POST to the sink's last message),
// and the p99 of a light signed-in read probed at 100 req/s while the campaign runs (from the POST to the last
// message) vs idle. Embedded mode: the api sends in-process; services mode: the worker sends, beside an api that
// only enqueues.
import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApp } from '../lib/app.mjs';
import { createPlainUser, openDb, signIn, utc } from '../lib/db.mjs';
import { request } from '../lib/http.mjs';
import { paced } from '../lib/load.mjs';
import { startSmtpSink } from '../lib/mail-sink.mjs';
import { freePort, startProcess, stopProcess } from '../lib/processes.mjs';
import { percentile, ratioFigure, summarize } from '../lib/stats.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const DOMAIN = 'bench-mail.local';
const POOL = 5;
const PROBE = { path: '/api/files/summary', rate: 100 };
const MESSAGE = `Hello!\n\n${'A new version of the desktop app is out, with faster answers and a new hotkey. '.repeat(6)}\n\nThank you for using it.`;

async function waitForCount(sink, target, timeoutMs) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const n = await sink.count();
    if (n >= target) return performance.now();
    if (Date.now() > end) throw new Error(`the sink got ${n} of ${target} messages in ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function referenceLoop(sinkUrl, count, concurrency) {
  const html = `<!doctype html><html><body><div>${MESSAGE.split('\n\n').map((p) => `<p style="margin:0 0 16px;line-height:1.5">${p}</p>`).join('')}<p>Solvr Team</p><p style="font-size:12px">You receive this e-mail because you have a Solvr account. <a href="http://localhost/Unsubscribe?token=${randomUUID()}.${'x'.repeat(43)}">Unsubscribe</a></p></div></body></html>`.padEnd(1900, ' ');
  const loop = startProcess(process.execPath, [join(HERE, '../lib/nodemailer-loop.mjs')], {
    cwd: join(HERE, '../..'),
    env: { ...process.env, LOOP_SMTP_URL: sinkUrl, LOOP_COUNT: String(count), LOOP_CONCURRENCY: String(concurrency), LOOP_POOL: String(POOL), LOOP_TEXT: MESSAGE, LOOP_HTML: html },
  });
  const m = await loop.waitForOutput(/result (\{.*\})/, 600_000);
  await stopProcess(loop);
  if (!m) throw new Error(`the nodemailer loop gave no result\n${loop.output()}`);
  return JSON.parse(m[1]);
}

export default {
  name: 'campaign',
  order: 70,
  title: 'a bulk e-mail campaign to a local SMTP sink vs a bare nodemailer pooled loop; api p99 while it runs vs idle',
  async run(ctx) {
    const recipients = ctx.smoke ? 200 : 10_000;
    const rounds = ctx.smoke ? 1 : Math.min(ctx.rounds, 2);
    const sink = await startSmtpSink();
    let app = null;
    let worker = null;
    try {
      app = await startApp({ appRoot: ctx.appRoot, mode: ctx.mode, nodeArgs: ctx.nodeArgs, env: { SMTP_URL: sink.url, MAIL_POOL_SIZE: String(POOL) } });
      if (ctx.mode === 'services') {
        worker = startProcess(process.execPath, [join(ctx.appRoot, 'dist/apps/worker/main.js')], { cwd: ctx.appRoot, env: { ...app.env, WORKER_PORT: String(await freePort()) } });
        if (!(await worker.waitForOutput(/Worker is processing jobs/, 60_000))) throw new Error(`the worker did not start\n${worker.output()}`);
      }
      const db = await openDb(app);
      try {
        const now = utc(new Date());
        const rows = Array.from({ length: recipients }, (_, i) => [randomUUID(), `r${i}@${DOMAIN}`, 'user', 1, 1, 0, now, now]);
        await db.insertMany('users', ['id', 'email', 'role', 'email_verified', 'profile_completed', 'download_count', 'created_date', 'updated_date'], rows);
      } finally {
        await db.close();
      }
      const adminToken = await signIn(app.url, app.admin);
      const userToken = await signIn(app.url, await createPlainUser(app));
      const probe = (options = { duration: ctx.duration }) => paced({ url: app.url + PROBE.path, headers: { authorization: `Bearer ${userToken}` }, rate: PROBE.rate, ...options });
      const concurrency = ctx.mode === 'services' ? 20 : 10;
      const out = { app: [], ref: [], idle: [], during: [], start: [] };
      for (let i = 0; i < rounds; i++) {
        out.idle.push((await probe()).p99);
        const before = await sink.count();
        const started = performance.now();
        const send = request(`${app.url}/api/admin/mail/campaigns`, {
          method: 'POST',
          headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ subject: `Bench campaign ${i + 1}`, message: MESSAGE, all: { q: `@${DOMAIN}` } }),
        });
        // The probe runs from the POST to the campaign's last message (or its failure).
        let over = false;
        const during = probe({ duration: 900, until: () => over });
        let ended;
        try {
          const res = await send;
          if (res.status !== 201) throw new Error(`the campaign answered ${res.status}: ${res.body.toString().slice(0, 300)}`);
          ended = await waitForCount(sink, before + recipients, 900_000);
        } finally {
          over = true;
        }
        const probed = await during;
        out.during.push(probed.p99);
        // The first seconds alone, where the fan-out makes its first 1,000 messages at once: in the whole campaign's
        // p99 they are under 1 % of the probes.
        out.start.push(percentile(probed.timed.filter(([at]) => at < ctx.duration * 1000).map(([, ms]) => ms), 99));
        out.app.push(recipients / ((ended - started) / 1000));
        const ref = await referenceLoop(sink.url, recipients, concurrency);
        out.ref.push(ref.count / ref.seconds);
        ctx.log(
          `  round ${i + 1}/${rounds} app ${out.app[i].toFixed(0)} msg/s, nodemailer loop ${out.ref[i].toFixed(0)} msg/s; ` +
            `probe p99 idle ${out.idle[i].toFixed(1)} ms, during ${out.during[i].toFixed(1)} ms, first ${ctx.duration} s ${out.start[i].toFixed(1)} ms`,
        );
      }
      return {
        metrics: {
          app_rate: { label: `app: ${recipients.toLocaleString('en-US')} recipients, POST to last message`, ...summarize(out.app, 'msg/s') },
          ref_rate: { label: 'bare nodemailer pooled loop, same sink and pool', ...summarize(out.ref, 'msg/s') },
          ratio: ratioFigure('app / nodemailer loop', out.app, out.ref),
          idle_p99: { label: `${PROBE.path} p99, idle`, ...summarize(out.idle, 'ms') },
          during_p99: { label: `${PROBE.path} p99 while the campaign runs`, ...summarize(out.during, 'ms') },
          p99_ratio: ratioFigure('p99 during / idle', out.during, out.idle),
          start_p99: { label: `${PROBE.path} p99 in the first ${ctx.duration} s after the POST`, ...summarize(out.start, 'ms') },
          start_p99_ratio: ratioFigure(`p99 in the first ${ctx.duration} s / idle`, out.start, out.idle),
        },
        notes: [
          `${recipients} users inserted directly; the campaign selects them all (Select all on the Email tab); SMTP pool ${POOL} connections on both sides`,
          ctx.mode === 'services' ? 'services mode: a worker process sends, the api only enqueues' : 'embedded mode: the api sends in-process',
          `probe: ${PROBE.path} as a plain user at ${PROBE.rate} req/s, idle for ${ctx.duration} s, then from the POST to the campaign's last message`,
        ],
      };
    } finally {
      if (worker) await stopProcess(worker);
      await app?.stop();
      await sink.stop();
    }
  },
};
