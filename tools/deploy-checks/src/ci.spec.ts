import { execFileSync } from 'child_process';
import { readFileSync } from 'fs';
import { join } from 'path';
import YAML from 'yaml';
import { REPO_ROOT } from './kustomize';

describe('.github/workflows/ci.yml', () => {
  const workflow = YAML.parse(readFileSync(join(REPO_ROOT, '.github/workflows/ci.yml'), 'utf8'));
  const job = workflow.jobs.affected;
  const steps: any[] = job.steps;
  const runs = steps.map((s) => s.run ?? '').join('\n');

  test('checks out the full history and installs node 20, nginx and a browser', () => {
    expect(steps.find((s) => s.uses?.startsWith('actions/checkout@'))?.with?.['fetch-depth']).toBe(0);
    expect(steps.find((s) => s.uses?.startsWith('actions/setup-node@'))?.with?.['node-version']).toBe(20);
    // npm ci: exactly the lockfile's versions
    expect(runs).toMatch(/npm ci\b/);
    expect(runs).toMatch(/apt-get install -y nginx/);
    expect(runs).not.toMatch(/playwright install/);
    expect(JSON.stringify(steps)).toMatch(/browser-actions\/setup-chrome/);
  });

  test('provides MariaDB 11 and Redis 7 on their default ports', () => {
    expect(job.services.mariadb.image).toBe('mariadb:11');
    expect(job.services.mariadb.ports).toEqual(['3306:3306']);
    expect(job.services.redis.image).toBe('redis:7');
    expect(job.services.redis.ports).toEqual(['6379:6379']);
  });

  test('runs lint, typecheck, test, build and e2e for the affected projects between the shas nx-set-shas found', () => {
    const setShas = steps.findIndex((s) => s.uses?.startsWith('nrwl/nx-set-shas@'));
    const affected = steps.findIndex((s) => /nx affected -t lint typecheck test build e2e --base=\$NX_BASE --head=\$NX_HEAD/.test(s.run ?? ''));
    expect(setShas).toBeGreaterThan(-1);
    expect(affected).toBeGreaterThan(setShas);
    expect(job.env.CI).toBe('true'); // makes the nginx checks fail instead of skipping
  });
});

test('tools/affected.sh is valid bash and rejects an unknown base', () => {
  const script = join(REPO_ROOT, 'tools/affected.sh');
  execFileSync('bash', ['-n', script]);
  expect(() => execFileSync(script, ['no-such-revision-xyz'], { cwd: REPO_ROOT, stdio: 'pipe' })).toThrow(/unknown git revision/);
});
