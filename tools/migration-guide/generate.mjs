#!/usr/bin/env node
// The code blocks of the Self-hosting Migration Guide (spec section 2, /MigrationGuide; and how an app written for the
// hosted platform's SDK is pointed at this server), read from this repository's real files and written to apps/portal/src/migration-guide/blocks.generated.ts at build time: the portal's build,
// serve and typecheck targets depend on its `guide` target, so the page always shows the files it was built from.
//
//   node tools/migration-guide/generate.mjs           # rewrite the generated file
//   node tools/migration-guide/generate.mjs --check   # exit 1 when the generated file differs (drift)
//   node tools/migration-guide/generate.mjs --stdout  # print what would be written
//
// The SQL schema is the real one: every feature's migrations (libs/server/*/src/migrations) run against an in-memory
// SQLite database (better-sqlite3, as the embedded default), and the guide shows what SQLite then holds.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const OUTPUT = 'apps/portal/src/migration-guide/blocks.generated.ts';

const read = (path) => readFileSync(join(ROOT, path), 'utf8').replace(/\r\n/g, '\n');
const trimEnd = (text) => text.replace(/\s+$/, '') + '\n';

/** Folders never listed in the project structure (build output, dependencies, local data). */
const SKIP = new Set(['node_modules', 'dist', 'tmp', 'data', '.nx', 'coverage', 'test-results', 'playwright-report', '.git', 'results']);

function projectRoots(dir = ROOT, depth = 0, found = []) {
  if (depth > 4) return found;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (existsSync(join(path, 'project.json'))) found.push(relative(ROOT, path).split('\\').join('/'));
    projectRoots(path, depth + 1, found);
  }
  return found;
}

function filesUnder(dir, depth = 2) {
  const out = [];
  const walk = (abs, d) => {
    for (const entry of readdirSync(abs, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(abs, entry.name);
      if (entry.isDirectory() && d < depth && !SKIP.has(entry.name)) walk(path, d + 1);
      else if (entry.isFile()) out.push(relative(ROOT, path).split('\\').join('/'));
    }
  };
  if (existsSync(join(ROOT, dir))) walk(join(ROOT, dir), 1);
  return out;
}

/** Paths as an indented tree; `notes` puts a comment after a path. */
function renderTree(paths, notes) {
  const tree = {};
  for (const path of paths) {
    let node = tree;
    for (const part of path.split('/')) node = node[part] ??= {};
  }
  const lines = ['.'];
  const walk = (node, prefix, path) => {
    const names = Object.keys(node).sort((a, b) => a.localeCompare(b));
    names.forEach((name, i) => {
      const last = i === names.length - 1;
      const full = path ? `${path}/${name}` : name;
      const label = `${name}${statSafe(full)?.isDirectory() ? '/' : ''}`;
      const note = notes.get(full);
      const line = `${prefix}${last ? '└── ' : '├── '}${label}`;
      lines.push(note ? `${line.padEnd(34)} # ${note}` : line);
      walk(node[name], prefix + (last ? '    ' : '│   '), full);
    });
  };
  walk(tree, '', '');
  return lines.join('\n') + '\n';
}

function statSafe(path) {
  try {
    return statSync(join(ROOT, path));
  } catch {
    return undefined;
  }
}

/** Project structure: every Nx project (its name and tags) and the deployment files. */
function structure() {
  const notes = new Map();
  const roots = projectRoots().sort();
  for (const root of roots) {
    const project = JSON.parse(read(`${root}/project.json`));
    const tags = (project.tags ?? []).join(', ');
    notes.set(root, `${project.name}${tags ? ` (${tags})` : ''}`);
  }
  const rootFiles = ['package.json', 'nx.json', 'tsconfig.base.json', 'jest.config.js', 'eslint.config.mjs', 'docker-compose.yml', '.env.example', 'README.md'].filter(
    (f) => statSafe(f)?.isFile(),
  );
  const paths = [...roots, ...filesUnder('deploy', 2), ...filesUnder('k8s', 3), ...rootFiles];
  return [{ path: 'project structure', language: 'text', code: renderTree(paths, notes) }];
}

/** SQL schema: the migrations of every server feature, applied to an in-memory SQLite database. */
async function schema() {
  const { createJiti } = await import('jiti');
  const { compilerOptions } = JSON.parse(read('tsconfig.base.json'));
  const alias = Object.fromEntries(Object.entries(compilerOptions.paths).map(([name, [target]]) => [name, join(ROOT, target)]));
  const jiti = createJiti(import.meta.url, { alias, interopDefault: true, moduleCache: false });
  const dirs = readdirSync(join(ROOT, 'libs/server'))
    .map((f) => `libs/server/${f}/src/migrations/index.ts`)
    .filter((f) => existsSync(join(ROOT, f)))
    .sort();
  const migrations = [];
  for (const file of dirs) {
    const mod = await jiti.import(join(ROOT, file));
    for (const value of Object.values(mod)) if (Array.isArray(value)) migrations.push(...value);
  }
  // The order the api applies them in (composeMigrations): by the 13-digit stamp that ends each class name.
  const stamp = (m) => Number(/(\d{13})$/.exec(m.name)?.[1] ?? 0);
  migrations.sort((a, b) => stamp(a) - stamp(b));
  const { DataSource } = await import('typeorm');
  const ds = new DataSource({ type: 'better-sqlite3', database: ':memory:', migrations, migrationsTableName: 'migrations', synchronize: false, logging: false });
  await ds.initialize();
  try {
    await ds.runMigrations({ transaction: 'each' });
    const rows = await ds.query(
      "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY CASE type WHEN 'table' THEN 0 ELSE 1 END, tbl_name, name",
    );
    const header = [
      '-- The schema the migrations create (SQLite, the embedded default; MySQL/MariaDB get the same tables).',
      `-- Migrations: ${migrations.map((m) => m.name).join(', ')}`,
      '-- Apply them with: node dist/apps/api/cli.js migrate',
      '',
    ];
    return [{ path: 'libs/server/*/src/migrations', language: 'sql', code: header.join('\n') + rows.map((r) => `${r.sql.trim()};`).join('\n\n') + '\n' }];
  } finally {
    await ds.destroy();
  }
}

/** The scripts and engines of package.json, as the api is built and run with them. */
function backend() {
  const pkg = JSON.parse(read('package.json'));
  const excerpt = { name: pkg.name, private: pkg.private, engines: pkg.engines, scripts: pkg.scripts };
  return [
    { path: 'package.json', language: 'json', code: JSON.stringify(excerpt, null, 2) + '\n' },
    { path: 'apps/api/src/main.ts', language: 'typescript', code: trimEnd(read('apps/api/src/main.ts')) },
  ];
}

/** The lines of a YAML block that starts at `header` (exact line) and goes on while lines are indented deeper. */
function yamlBlock(lines, header) {
  const start = lines.findIndex((l) => l === header);
  if (start < 0) throw new Error(`docker-compose.yml has no line "${header}"`);
  const depth = header.length - header.trimStart().length;
  let end = start + 1;
  while (end < lines.length && (lines[end] === '' || lines[end].length - lines[end].trimStart().length > depth)) end++;
  return lines.slice(start, end).join('\n').replace(/\s+$/, '');
}

/** One service of docker-compose.yml as written there (comments included), with the settings anchor it merges. */
export function composeService(yaml, name) {
  const lines = yaml.split('\n');
  const service = yamlBlock(lines, `  ${name}:`);
  const anchors = [...service.matchAll(/<<: \*([\w-]+)/g)].map((m) => {
    const header = lines.find((l) => new RegExp(`^[\\w-]+: &${m[1]}$`).test(l));
    if (!header) throw new Error(`docker-compose.yml has no anchor ${m[1]}`);
    return yamlBlock(lines, header);
  });
  return trimEnd([...anchors.map((a) => `${a}\n`), 'services:', service].join('\n'));
}

function container() {
  return [
    { path: 'deploy/docker/api.Dockerfile', language: 'dockerfile', code: trimEnd(read('deploy/docker/api.Dockerfile')) },
    { path: 'docker-compose.yml (service api)', language: 'yaml', code: composeService(read('docker-compose.yml'), 'api') },
  ];
}

function webServer() {
  return [{ path: 'deploy/nginx/gateway.conf.template', language: 'nginx', code: trimEnd(read('deploy/nginx/gateway.conf.template')) }];
}

/** The README's code block in `language` that contains `needle` (e.g. the sh block that runs `kubectl apply -k`). */
export function readmeBlock(readme, language, needle) {
  const blocks = [...readme.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]);
  const block = blocks.find((b) => b.includes(needle));
  if (!block) throw new Error(`README.md has no ${language} block with \`${needle}\``);
  return trimEnd(block);
}

function deploy() {
  return [{ path: 'README.md (Deploy, Kubernetes)', language: 'sh', code: readmeBlock(read('README.md'), 'sh', 'kubectl apply -k') }];
}

function sdk() {
  // The README's example of an SDK app pointed at this server.
  return [{ path: "README.md (Apps written for the hosted platform's SDK)", language: 'javascript', code: readmeBlock(read('README.md'), 'js', 'createClient(') }];
}

/** Every block, in the spec's order, then ours (the ids of MIGRATION_GUIDE_BLOCKS in libs/contracts). */
export async function buildBlocks() {
  return [
    { id: 'structure', files: structure() },
    { id: 'schema', files: await schema() },
    { id: 'environment', files: [{ path: '.env.example', language: 'sh', code: trimEnd(read('.env.example')) }] },
    { id: 'backend', files: backend() },
    { id: 'container', files: container() },
    { id: 'webServer', files: webServer() },
    { id: 'deploy', files: deploy() },
    { id: 'sdk', files: sdk() },
  ];
}

export function render(blocks) {
  return [
    '// Generated by tools/migration-guide/generate.mjs from this repository\'s files. Do not edit by hand:',
    '// `nx run portal:guide` (every portal build runs it; a unit test fails when this file and the sources drift apart).',
    "import type { GuideBlock } from './guide-block';",
    '',
    `export const GUIDE_BLOCKS: readonly GuideBlock[] = ${JSON.stringify(blocks, null, 2)};`,
    '',
  ].join('\n');
}

async function main(args) {
  const text = render(await buildBlocks());
  if (args.includes('--stdout')) {
    process.stdout.write(text);
    return 0;
  }
  const target = join(ROOT, OUTPUT);
  const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
  if (args.includes('--check')) {
    if (current === text) return 0;
    process.stderr.write(`${OUTPUT} is out of date: run npx nx run portal:guide\n`);
    return 1;
  }
  if (current !== text) writeFileSync(target, text);
  process.stdout.write(`${current === text ? 'Up to date' : 'Wrote'}: ${OUTPUT}\n`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      process.stderr.write(`generate.mjs: ${err?.stack ?? err}\n`);
      process.exit(1);
    },
  );
}
