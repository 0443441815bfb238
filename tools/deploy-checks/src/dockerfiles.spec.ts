import { existsSync, readFileSync } from 'fs';
import { join } from 'path';
import { REPO_ROOT } from './kustomize';

/** The node flags every start of the api passes (tools/lib/api-node-flags.mjs). */
const API_NODE_FLAGS: string[] = JSON.parse(readFileSync(join(REPO_ROOT, 'tools/lib/api-node-flags.json'), 'utf8'));

// Static checks of deploy/docker/*.Dockerfile (no Docker on the build machines).
type Instruction = { op: string; args: string };

function parse(file: string): Instruction[][] {
  const lines = readFileSync(join(REPO_ROOT, 'deploy/docker', file), 'utf8')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const stages: Instruction[][] = [];
  for (const line of lines) {
    const [op, ...rest] = line.split(/\s+/);
    if (op.toUpperCase() === 'FROM') stages.push([]);
    stages[stages.length - 1]?.push({ op: op.toUpperCase(), args: rest.join(' ') });
  }
  return stages;
}

const args = (stage: Instruction[], op: string) => stage.filter((i) => i.op === op).map((i) => i.args);

describe.each([
  ['api.Dockerfile', 'dist/apps/api', 3000],
  ['worker.Dockerfile', 'dist/apps/worker', 3001],
  ['web.Dockerfile', '', 8080],
])('%s', (file, dist, port) => {
  const stages = parse(file);
  const runtime = stages[stages.length - 1];

  test('base images are pinned and the build is multi-stage', () => {
    expect(stages.length).toBeGreaterThan(1);
    for (const stage of stages) expect(stage[0].args).toMatch(/^\S+:(?!latest\b)[\w.-]+(\s+AS\s+\w+)?$/i);
  });

  test(`the runtime runs as a non-root user and exposes ${port}`, () => {
    const user = args(runtime, 'USER').pop();
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    expect(args(runtime, 'EXPOSE')).toEqual([String(port)]);
  });

  if (dist) {
    test(`the runtime holds production dependencies and ${dist} only, and starts main.js`, () => {
      expect(stages.flatMap((s) => args(s, 'RUN')).join('\n')).toMatch(/npm install --omit=dev/);
      expect(stages[0].find((i) => i.op === 'RUN' && /nx run-many -t build -p api worker/.test(i.args))).toBeDefined();
      const copies = args(runtime, 'COPY');
      expect(copies.some((c) => c.includes(`/src/${dist} ./${dist}`))).toBe(true);
      expect(copies.some((c) => /--from=build .*node_modules/.test(c))).toBe(false);
      const flags = dist === 'dist/apps/api' ? API_NODE_FLAGS.map((f) => `"${f}", `).join('') : '';
      expect(args(runtime, 'CMD')).toEqual([`["node", ${flags}"${dist}/main.js"]`]);
    });
  }
});

describe('web.Dockerfile', () => {
  const stages = parse('web.Dockerfile');
  const runtime = stages[stages.length - 1];

  test('builds the app named by the APP build argument and serves it with nginx-unprivileged', () => {
    expect(args(stages[0], 'ARG')).toContain('APP');
    expect(args(stages[0], 'RUN').join('\n')).toMatch(/nx run "\$APP":build/);
    expect(runtime[0].args).toBe('nginxinc/nginx-unprivileged:1.27-alpine');
  });

  test('defines every variable the nginx template uses, and copies it where the image renders templates', () => {
    const template = readFileSync(join(REPO_ROOT, 'deploy/nginx/web.conf.template'), 'utf8');
    const used = [...new Set([...template.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]))].sort();
    const defined = args(runtime, 'ENV').flatMap((e) => [...e.matchAll(/(\w+)=/g)].map((m) => m[1]));
    expect(used.filter((v) => !defined.includes(v))).toEqual([]);
    expect(args(runtime, 'COPY')).toContain('deploy/nginx/web.conf.template /etc/nginx/templates/default.conf.template');
  });

  test('files copied from the build context exist', () => {
    for (const file of ['deploy/nginx/web.conf.template', 'deploy/nginx/remotes.json']) expect(existsSync(join(REPO_ROOT, file))).toBe(true);
  });
});

test('.dockerignore keeps dependencies, outputs, git data and local settings out of the build context', () => {
  const ignored = readFileSync(join(REPO_ROOT, '.dockerignore'), 'utf8').split('\n');
  for (const entry of ['**/node_modules', 'dist', '.git', '.env', '.nx']) expect(ignored).toContain(entry);
  expect(ignored).not.toContain('deploy');
});
