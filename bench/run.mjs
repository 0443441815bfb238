#!/usr/bin/env node
// `npm run bench [scenario...] [flags]`: runs each scenario against the built app, in the embedded default and in
// services mode (MariaDB + Redis), next to its reference, alternating over several rounds; writes
// bench/results/latest.json and a dated markdown table, and prints each goal of bench/budgets.json as met or
// short. Not a test: short goals never fail it; it exits non-zero only when it cannot run (or a scenario broke).
// Scenarios are the files in bench/scenarios/ (one per scenario, each exporting { name, order, title, run }).
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { builtApp, gitCommit, servicesProblem, startApp } from './lib/app.mjs';
import { busiestProfile, mainThreadProfiles, profileArgs, profileLines } from './lib/profile.mjs';
import { figureLines, goalLines, judge, markdown } from './lib/report.mjs';

const BENCH = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(BENCH, '..');

const USAGE = `usage: npm run bench -- [scenario...] [--smoke] [--mode embedded|services|both] [--app-root DIR]
                      [--rounds N] [--duration S] [--users N] [--out DIR] [--save-as NAME] [--profile]
  scenario       a scenario's name (default: all; listed below)
  --smoke        one short round (1 s), embedded mode only, results to tmp/bench-smoke/ (used by npm test)
  --mode         embedded, services (MariaDB + Redis) or both (default both; services is skipped with a
                 warning when MariaDB/Redis do not answer, unless asked for alone)
  --app-root     checkout whose built dist/ to run (default: this one), e.g. a git worktree of an older commit
  --rounds       rounds per scenario, app and reference alternating (default 5)
  --duration     seconds of load per round and side (default 5; the load scenario: 60)
  --users        simulated users of the load scenario (default 200)
  --out          where results go (default bench/results)
  --save-as      also write NAME.json and NAME.md there (e.g. a reference run kept in git)
  --profile      run the app under V8's CPU profiler (node --cpu-prof); the top self-time functions of its
                 main thread are printed and added to the results, the .cpuprofile kept in the results folder`;

function parseArgs(argv) {
  const opts = { scenarios: [], smoke: false, mode: 'both', appRoot: ROOT, rounds: null, duration: null, users: null, out: null, saveAs: null, profile: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (v === undefined) fail(`${a} needs a value`);
      return v;
    };
    const flag = a.split('=')[0];
    if (flag === '--smoke') opts.smoke = true;
    else if (flag === '--mode') opts.mode = value();
    else if (flag === '--app-root') opts.appRoot = resolve(value());
    else if (flag === '--rounds') opts.rounds = Number(value());
    else if (flag === '--duration') opts.duration = Number(value());
    else if (flag === '--users') opts.users = Number(value());
    else if (flag === '--out') opts.out = resolve(value());
    else if (flag === '--save-as') opts.saveAs = value();
    else if (flag === '--profile') opts.profile = true;
    else if (flag === '--help' || flag === '-h') opts.help = true;
    else if (a.startsWith('-')) fail(`unknown flag ${a}`);
    else opts.scenarios.push(a);
  }
  if (!['embedded', 'services', 'both'].includes(opts.mode)) fail(`--mode must be embedded, services or both`);
  for (const k of ['rounds', 'duration', 'users']) if (opts[k] !== null && !(opts[k] > 0)) fail(`--${k} must be a positive number`);
  if (opts.saveAs && !/^[\w.-]+$/.test(opts.saveAs)) fail('--save-as takes a plain file name');
  return opts;
}

function fail(message) {
  console.error(`bench: ${message}\n${USAGE}`);
  process.exit(2);
}

/** The registry: every bench/scenarios/*.mjs, in their `order`. */
async function loadScenarios() {
  const dir = join(BENCH, 'scenarios');
  const list = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.mjs'))) {
    const mod = (await import(pathToFileURL(join(dir, file)).href)).default;
    if (!mod?.name || typeof mod.run !== 'function') throw new Error(`bench/scenarios/${file} must export default { name, run }`);
    list.push(mod);
  }
  return list.sort((a, b) => (a.order ?? 100) - (b.order ?? 100) || a.name.localeCompare(b.name));
}

const stamp = (d) => {
  const p = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}`;
};

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const all = await loadScenarios();
  if (opts.help) {
    console.log(`${USAGE}\nscenarios:\n${all.map((s) => `  ${s.name.padEnd(14)} ${s.title ?? ''}`).join('\n')}`);
    process.exit(0);
  }
  const unknown = opts.scenarios.filter((n) => !all.some((s) => s.name === n));
  if (unknown.length) fail(`unknown scenario(s) ${unknown.join(', ')}; known: ${all.map((s) => s.name).join(', ')}`);
  const scenarios = opts.scenarios.length ? all.filter((s) => opts.scenarios.includes(s.name)) : all;

  const built = builtApp(opts.appRoot);
  if (built.problem) {
    console.error(`bench: ${built.problem}`);
    process.exit(1);
  }

  const settings = {
    smoke: opts.smoke,
    rounds: opts.rounds ?? (opts.smoke ? 1 : 5),
    duration: opts.duration ?? (opts.smoke ? 1 : 5),
    warmup: opts.smoke ? 0 : 1,
    connections: 64,
    scenarios: scenarios.map((s) => s.name),
  };
  const skipped = [];
  let modes = opts.smoke ? ['embedded'] : opts.mode === 'both' ? ['embedded', 'services'] : [opts.mode];
  if (modes.includes('services')) {
    const problem = await servicesProblem();
    if (problem && opts.mode === 'services') {
      console.error(`bench: services mode asked for, but ${problem}`);
      process.exit(1);
    }
    if (problem) {
      console.warn(`⚠ services mode skipped: ${problem}`);
      skipped.push(`services mode: ${problem}`);
      modes = modes.filter((m) => m !== 'services');
    }
  }
  if (opts.smoke && opts.mode !== 'embedded') skipped.push('services mode: not in a smoke run');
  settings.modes = modes;

  const started = new Date();
  const log = (line) => console.log(line);
  console.log(`bench: ${scenarios.map((s) => s.name).join(', ')} · modes ${modes.join(', ')} · ${settings.rounds} round(s) of ${settings.duration} s · app ${opts.appRoot}`);

  let current = null;
  const interrupt = async () => {
    console.error('\nbench: interrupted, stopping the app');
    await current?.stop();
    process.exit(130);
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);

  const results = {};
  let broken = 0;
  const out = opts.out ?? (opts.smoke ? join(ROOT, 'tmp/bench-smoke') : join(BENCH, 'results'));
  const profiles = join(out, 'profiles');
  if (opts.profile) mkdirSync(profiles, { recursive: true });
  for (const mode of modes) {
    console.log(`\n▶ ${mode} mode`);
    const nodeArgs = opts.profile ? profileArgs(profiles) : [];
    const before = opts.profile ? new Set(mainThreadProfiles(profiles)) : null;
    const app = await startApp({ appRoot: opts.appRoot, mode, log, nodeArgs });
    current = app;
    results[mode] = { app: { database: app.database.type === 'sqlite' ? 'SQLite' : 'MariaDB + Redis' }, scenarios: {} };
    try {
      for (const sc of scenarios) {
        console.log(`\n● ${sc.name}: ${sc.title ?? ''}`);
        const t = Date.now();
        try {
          // flags: what the command line set (null: not given), for scenarios with defaults of their own.
          const flags = { duration: opts.duration, users: opts.users };
          const r = await sc.run({ ...settings, mode, app, appRoot: opts.appRoot, dist: built.dist, log, flags, nodeArgs });
          results[mode].scenarios[sc.name] = { title: sc.title, seconds: Math.round((Date.now() - t) / 1000), ...r };
          if (r.skipped) console.warn(`⚠ ${sc.name} skipped: ${r.skipped}`);
        } catch (e) {
          broken += 1;
          console.error(`✖ ${sc.name} failed: ${e.stack ?? e}`);
          results[mode].scenarios[sc.name] = { title: sc.title, error: String(e.message ?? e).split('\n')[0] };
        }
      }
    } finally {
      await app.stop();
      current = null;
    }
    if (opts.profile) {
      const profile = busiestProfile(mainThreadProfiles(profiles).filter((f) => !before.has(f)), opts.appRoot);
      if (profile) results[mode].profile = profile;
      else console.warn(`⚠ no CPU profile was written in ${profiles}`);
    }
  }

  const budgets = JSON.parse(readFileSync(join(BENCH, 'budgets.json'), 'utf8'));
  const goals = judge(budgets, results);
  const report = {
    harness: 'bench/run.mjs',
    date: started.toISOString(),
    seconds: Math.round((Date.now() - started.getTime()) / 1000),
    appRoot: opts.appRoot,
    commit: gitCommit(opts.appRoot),
    harnessCommit: gitCommit(ROOT),
    node: process.versions.node,
    cpus: cpus().length,
    settings,
    modes: results,
    goals,
    skipped,
  };

  mkdirSync(out, { recursive: true });
  const md = markdown(report);
  const files = [join(out, 'latest.json'), join(out, `${stamp(started)}.md`)];
  writeFileSync(files[0], JSON.stringify(report, null, 2) + '\n');
  writeFileSync(files[1], md);
  if (opts.saveAs) {
    files.push(join(out, `${opts.saveAs}.json`), join(out, `${opts.saveAs}.md`));
    writeFileSync(files[2], JSON.stringify(report, null, 2) + '\n');
    writeFileSync(files[3], md);
  }

  console.log('\n──────── bench figures (median, min–max) ────────');
  for (const [mode, r] of Object.entries(results)) console.log(figureLines(mode, r).join('\n'));
  for (const [mode, r] of Object.entries(results)) if (r.profile) console.log(`\n${profileLines(mode, r.profile).join('\n')}`);
  console.log('\n──────── goals (bench/budgets.json) ────────');
  for (const line of goalLines(goals)) console.log(line);
  const met = goals.filter((g) => g.status === 'met').length;
  console.log(`\n${met} of ${goals.length} goals met · took ${report.seconds} s · wrote ${files.map((f) => f.replace(`${ROOT}/`, '')).join(', ')}`);
  if (broken) {
    console.error(`bench: ${broken} scenario run(s) could not be measured (see ✖ above)`);
    process.exit(1);
  }
}

main().catch((e) => {
  console.error(`bench: ${e.stack ?? e}`);
  process.exit(1);
});
