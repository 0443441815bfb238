// The Jest projects of one e2e folder: one project per tier its specs ask for. A spec names its tiers in a comment
// line of its own, `// tiers: sqlite, services`: 'sqlite' is the embedded default (SQLite, in-process queue),
// 'services' MariaDB + Redis. A spec without that line fails the run, so none is silently left out.
// E2E_TIERS=sqlite (or services) keeps one tier, for a machine without MariaDB and Redis.
const fs = require('fs');
const path = require('path');

const TIERS = ['sqlite', 'services'];
const TAG = /^\/\/ tiers: ([a-z, ]+)$/m;

function specFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules') out.push(...specFiles(full));
    else if (entry.name.endsWith('.e2e.spec.ts')) out.push(full);
  }
  return out;
}

/** The tiers a spec file declares. */
function tiersOf(file) {
  const m = TAG.exec(fs.readFileSync(file, 'utf8'));
  if (!m) throw new Error(`${file}: no "// tiers: ..." line (sqlite, services or both)`);
  const tiers = m[1].split(',').map((t) => t.trim());
  const unknown = tiers.filter((t) => !TIERS.includes(t));
  if (unknown.length) throw new Error(`${file}: unknown tier ${unknown.join(', ')}`);
  return tiers;
}

/** Jest project configs for the e2e specs under dir (one per tier that has specs). */
function e2eProjects(dir, name) {
  const wanted = process.env.E2E_TIERS ? process.env.E2E_TIERS.split(',') : TIERS;
  const files = specFiles(dir).map((file) => ({ file, tiers: tiersOf(file) }));
  return TIERS.filter((tier) => wanted.includes(tier))
    .map((tier) => ({ tier, mine: files.filter((f) => f.tiers.includes(tier)).map((f) => f.file) }))
    .filter(({ mine }) => mine.length)
    .map(({ tier, mine }) => ({
      displayName: `${name} [${tier}]`,
      preset: path.join(__dirname, '../../jest.preset.js'),
      rootDir: dir,
      testMatch: mine,
      globals: { __TEST_TIER__: tier },
    }));
}

/** Settings of a whole e2e run (one folder's config, or the root jest.e2e.config.js). */
const E2E_RUN = {
  testTimeout: 60000,
  // MariaDB, Redis and the child processes take the rest of the 2 cores: more workers only queue.
  maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
  // Every spec closes its app; a client library's stray timer must not keep the run from ending.
  forceExit: true,
};

module.exports = { e2eProjects, E2E_RUN };
