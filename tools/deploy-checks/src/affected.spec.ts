import { execFileSync } from 'child_process';
import { mkdtempSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { REPO_ROOT } from './kustomize';

// CI runs `nx affected`; these checks prove the project graph sends a change to the right projects.
const NX = join(REPO_ROOT, 'node_modules/.bin/nx');
const ENV = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };

function nx(args: string[]): string {
  return execFileSync(NX, args, { cwd: REPO_ROOT, env: ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

const affectedBy = (file: string): string[] => JSON.parse(nx(['show', 'projects', '--affected', `--files=${file}`, '--json']));

const PROJECTS = [
  'api',
  'worker',
  'shell',
  'marketing',
  'portal',
  'admin',
  'e2e',
  'contracts',
  'server-core',
  'server-users',
  'server-mail',
  'server-storage',
  'web-ui',
  'web-data',
  'web-accounts',
  'web-files',
  'deploy-checks',
  'typecheck',
  'testing',
  'server-testing',
  'server-app',
  'api-e2e',
  'server-payments-e2e',
];
const FRONTENDS = ['shell', 'marketing', 'portal', 'admin'];
/** The server e2e projects: a feature's (libs/server/<feature>/e2e) and the cross-cutting api-e2e. */
const isServerE2e = (p: string) => p === 'api-e2e' || /^server-.+-e2e$/.test(p);
const SERVER = ['api', 'worker', 'server-core', 'server-users', 'server-mail', 'server-storage'];

let all: string[];
let dependents: Map<string, Set<string>>;

/** Every project that depends on `project`, directly or through others. */
function dependentsOf(project: string): Set<string> {
  const found = new Set<string>();
  const visit = (p: string) => {
    for (const d of dependents.get(p) ?? []) {
      if (found.has(d)) continue;
      found.add(d);
      visit(d);
    }
  };
  visit(project);
  return found;
}

beforeAll(() => {
  all = JSON.parse(nx(['show', 'projects', '--json']));
  const dir = mkdtempSync(join(tmpdir(), 'nx-graph-'));
  try {
    nx(['graph', `--file=${join(dir, 'graph.json')}`]);
    const { graph } = JSON.parse(readFileSync(join(dir, 'graph.json'), 'utf8'));
    dependents = new Map();
    for (const deps of Object.values<{ source: string; target: string }[]>(graph.dependencies)) {
      for (const { source, target } of deps) {
        if (!dependents.has(target)) dependents.set(target, new Set());
        dependents.get(target)?.add(source);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the workspace has every intended project', () => {
  expect(PROJECTS.filter((p) => !all.includes(p))).toEqual([]);
});

test('a change to libs/server/payments runs the payments, files, platform and releases e2e specs, and no web or marketing test', () => {
  const affected = affectedBy('libs/server/payments/src/payments.service.ts');
  // files sells paid files and platform exposes them (both import payments), releases streams through files;
  // api-e2e holds the cross-cutting specs.
  expect(affected.filter(isServerE2e).sort()).toEqual(['api-e2e', 'server-files-e2e', 'server-payments-e2e', 'server-platform-e2e', 'server-releases-e2e']);
  expect(affected).toEqual(expect.arrayContaining(['server-payments', 'server-files', 'server-platform', 'typecheck']));
  expect(affected.filter((p) => p.startsWith('web-') || FRONTENDS.includes(p))).toEqual([]);
});

test('a change to apps/admin runs no api e2e spec', () => {
  expect(affectedBy('apps/admin/src/main.ts').filter(isServerE2e)).toEqual([]);
});

test("a change to one server feature runs its own e2e specs, not another feature's", () => {
  const affected = affectedBy('libs/server/news/src/index.ts');
  expect(affected).toContain('server-news-e2e');
  for (const p of ['server-payments-e2e', 'server-auth-e2e', 'server-mail-e2e']) expect(affected).not.toContain(p);
});

test('a change to the shared test helpers runs every server e2e project', () => {
  const affected = affectedBy('libs/testing/src/processes.ts');
  expect(all.filter(isServerE2e).filter((p) => !affected.includes(p))).toEqual([]);
});

test('a change in one remote affects that remote and e2e only, not the other frontends or the server', () => {
  const affected = affectedBy('apps/admin/src/x.ts');
  expect(affected).toContain('admin');
  if (all.includes('e2e')) expect(affected).toContain('e2e');
  for (const p of ['marketing', 'portal', 'shell', ...SERVER]) expect(affected).not.toContain(p);
});

test.each([
  ['web-ui', 'libs/web/ui/src/index.ts'],
  ['web-accounts', 'libs/web/accounts/src/index.ts'],
  ['web-files', 'libs/web/files/src/index.ts'],
  ['web-releases', 'libs/web/releases/src/index.ts'],
  ['contracts', 'libs/contracts/src/index.ts'],
])('a change in the shared lib %s affects exactly the lib and its dependents', (lib, file) => {
  expect(affectedBy(file).sort()).toEqual([lib, ...dependentsOf(lib)].sort());
});

test('the web ui lib reaches the frontends and e2e, never the server', () => {
  const affected = affectedBy('libs/web/ui/src/index.ts');
  for (const p of FRONTENDS.filter((f) => all.includes(f))) expect(affected).toContain(p);
  if (all.includes('e2e')) expect(affected).toContain('e2e');
  for (const p of SERVER) expect(affected).not.toContain(p);
});

test('the web-accounts feature lib reaches the frontends that use it and e2e, never the server', () => {
  const affected = affectedBy('libs/web/accounts/src/index.ts');
  for (const p of FRONTENDS.filter((f) => all.includes(f))) expect(affected).toContain(p);
  for (const p of ['web-ui', 'web-data', 'contracts', ...SERVER]) expect(affected).not.toContain(p);
});

test('the contracts lib reaches both the api and the frontends', () => {
  const affected = affectedBy('libs/contracts/src/index.ts');
  expect(affected).toEqual(expect.arrayContaining(['api', 'worker', 'shell']));
});

// Files outside every project reach deploy-checks through its test inputs (tools/deploy-checks/project.json).
test.each(['k8s/overlays/prod/kustomization.yaml', 'docker-compose.yml', 'deploy/nginx/web.conf.template'])('a change in %s runs the deployment checks only', (file) => {
  expect(affectedBy(file)).toEqual(['deploy-checks']);
});

test('a change in .env.example runs the deployment checks (the k8s settings must follow it)', () => {
  expect(affectedBy('.env.example')).toContain('deploy-checks');
});
