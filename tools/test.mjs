// `npm test`: the whole suite, one step after another, each with its duration. Lint (module boundaries included) and
// type checks in one pass each, unit and jsdom tests, the build, the server e2e specs on the tiers each names
// (SQLite, and MariaDB + Redis) in one run, the Playwright journeys in Debian Chromium, and a bench smoke run.
// Ends with the steps, their times, the total, and one line: "N passed, N failed".
// Without CI=true a tier whose service is missing is skipped with one line; under CI=true that is a failure.
// To run only what a change affects, see README ("Running only what a change affects").
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ROOT, ensureInstalled, run } from './lib/setup.mjs';
import { servicesProblem } from './lib/services.mjs';

const CI = process.env.CI === 'true';
const OUT = join(ROOT, 'tmp/test-results');
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

// No step may hang the suite: each has a ceiling well above its usual time.
const MIN = 60_000;
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
/** Names of failed tests, repeated under the summary so the end of a CI log says what failed. */
const failures = [];
const started = Date.now();

const seconds = (ms) => `${Math.round(ms / 1000)} s`;

/** A failure's first lines (colour codes removed), shown under its name so a CI log says why, not only what. */
const why = (message = '') =>
  stripVTControlCharacters(message)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 4)
    .map((l) => `      ${l.slice(0, 240)}`)
    .join('\n');

/** Runs one step, announcing it and noting how long it took; body returns the outcome line's text and whether it failed. */
function step(name, body) {
  const t0 = Date.now();
  console.log(`\n▶ ${name} (at ${seconds(t0 - started)})`);
  const { text = name, failed = false, skipped = false } = body() ?? {};
  const took = Date.now() - t0;
  lines.push(`${(skipped ? 'skipped' : failed ? 'FAILED' : 'ok').padEnd(8)} ${seconds(took).padStart(6)}  ${text}`);
  console.log(`◀ ${name}: ${failed ? 'FAILED' : 'done'} in ${seconds(took)}`);
}

/** A step that is not a test runner (lint, types, build): it only adds a failure when it fails. */
function check(name, cmd, args, opts = {}) {
  step(name, () => {
    const ok = run(cmd, args, { timeout: 20 * MIN, ...opts }) === 0;
    if (!ok) totals.failed += 1;
    return { failed: !ok };
  });
}

function tally(name, passed, failed, skipped) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  return { text: `${name}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`, failed: failed > 0 };
}

function jest(name, args, env = {}) {
  step(name, () => {
    const file = join(OUT, `${name}.json`);
    const code = run('npx', ['jest', ...args, '--json', `--outputFile=${file}`], { env, timeout: 20 * MIN });
    if (!existsSync(file)) return tally(name, 0, 1, 0);
    const r = JSON.parse(readFileSync(file, 'utf8'));
    // A suite that failed to load counts as a failure even though it ran no test.
    const broken = r.numRuntimeErrorTestSuites ?? 0;
    for (const suite of r.testResults ?? []) {
      const path = suite.name.replace(`${ROOT}/`, '');
      const failed = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failed) failures.push(`${name}: ${path} › ${t.fullName}\n${why(t.failureMessages?.[0])}`);
      if (!failed.length && suite.status === 'failed') failures.push(`${name}: ${path} (did not run: ${suite.message.split('\n').find((l) => l.trim())?.trim() ?? 'failed to load'})`);
    }
    return tally(name, r.numPassedTests, r.numFailedTests + broken + (code !== 0 && r.numFailedTests + broken === 0 ? 1 : 0), r.numPendingTests);
  });
}

function playwright(name) {
  step(name, () => {
    const file = join(OUT, 'playwright.json');
    if (run('node', ['tools/e2e-prepare.mjs']) !== 0) return tally(name, 0, 1, 0);
    const code = run('npx', ['playwright', 'test', '-c', 'apps/e2e/playwright.config.ts'], { env: { PW_REPORTER: file }, timeout: 30 * MIN });
    if (!existsSync(file)) return tally(name, 0, 1, 0);
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const { stats } = report;
    for (const title of failedJourneys(report.suites ?? [])) failures.push(`${name}: ${title}`);
    return tally(name, stats.expected + stats.flaky, stats.unexpected + (code !== 0 && !stats.unexpected ? 1 : 0), stats.skipped);
  });
}

/** Titles of the Playwright tests whose outcome was "unexpected", with their file and project. */
function failedJourneys(suites, parents = []) {
  const found = [];
  for (const suite of suites) {
    const path = suite.title ? [...parents, suite.title] : parents;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected') found.push(`[${t.projectName}] ${[...path, spec.title].join(' › ')}\n${why(t.results?.at(-1)?.error?.message)}`);
      }
    }
    found.push(...failedJourneys(suite.suites ?? [], path));
  }
  return found;
}

/** A tier that cannot run here: a failure under CI=true, a warning otherwise. */
function missing(name, reason) {
  const text = `${name}: ${reason}`;
  if (CI) {
    console.error(`✖ ${text} (CI=true: this is a failure)`);
    totals.failed += 1;
    lines.push(`FAILED            ${text}`);
  } else {
    console.warn(`⚠ ${text}: skipping it (under CI=true it fails)`);
    lines.push(`skipped           ${text}`);
  }
}

step('install (npm install when node_modules is missing or older than the lockfile)', () => {
  ensureInstalled();
});
// A fresh project graph for the boundary rule, then every file in one eslint run.
check('lint (incl. module boundaries)', 'sh', ['-c', 'npx nx show projects >/dev/null && npx eslint .']);
check('type checks (one tsc program: tools/typecheck)', 'npx', ['nx', 'run', 'typecheck:typecheck', '--outputStyle=stream']);
jest('unit', ['-c', 'jest.config.js', '--maxWorkers=2']);

let built = false;
step('build', () => {
  built = run('npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=stream'], { timeout: 30 * MIN }) === 0;
  if (!built) totals.failed += 1;
  return { failed: !built };
});

if (built) {
  const problem = servicesProblem();
  if (problem) missing('api e2e, services tier (MariaDB + Redis)', problem);
  // Each spec on the tiers it names (// tiers: ...), both tiers in one run of two workers.
  jest('api-e2e', ['-c', 'jest.e2e.config.js'], problem ? { E2E_TIERS: 'sqlite' } : {});

  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) missing('browser', `Chromium not found at ${chromium} (apt-get install -y chromium)`);
  else playwright('browser');

  // The bench harness only has to start and finish a short round; its figures are not judged here.
  check('bench smoke (npm run bench -- --smoke; figures not judged)', 'node', ['bench/run.mjs', '--smoke']);
}

console.log('\n──────── npm test summary ────────');
for (const line of lines) console.log(line);
if (failures.length) console.log(`failed tests:\n${failures.map((f) => `  ✘ ${f}`).join('\n')}`);
console.log(`total ${seconds(Date.now() - started)}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed ? 1 : 0);
