import { ChildProcess, spawn } from 'child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import http from 'http';
import { tmpdir } from 'os';
import { dirname, join } from 'path';
import { REPO_ROOT } from './kustomize';

// Runs the real deploy/nginx templates in a local nginx, the way the nginx image renders them (envsubst of our
// ${VARS} only), against fake built files. CI installs nginx; elsewhere the suite is skipped with a reason.
const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/bin/nginx'].find(existsSync);
const CI = process.env.CI === 'true' || process.env.CI === '1';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const MANIFEST = { marketing: '/remotes/marketing/remoteEntry.js', portal: '/remotes/portal/remoteEntry.js', admin: '/remotes/admin/remoteEntry.js' };
const BIG_JS = `/* bundle */\n${'export const value = "some repetitive javascript";\n'.repeat(200)}`;

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: string };

function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('latin1') }));
    });
    req.on('error', reject);
    req.setTimeout(5000, () => req.destroy(new Error(`GET ${path} timed out`)));
  });
}

function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** Substitutes ${VAR} like the image's envsubst does, failing on any variable the test does not provide. */
function render(template: string, vars: Record<string, string | number>): string {
  return readFileSync(join(REPO_ROOT, 'deploy/nginx', template), 'utf8').replace(/\$\{(\w+)\}/g, (_m, name) => {
    if (!(name in vars)) throw new Error(`${template} uses \${${name}}, which the test (and the Dockerfile) must define`);
    return String(vars[name]);
  });
}

class Nginx {
  private proc?: ChildProcess;
  port = 0;

  constructor(private readonly dir: string) {}

  /** Starts nginx with the rendered server config on a random free port, retrying when the port is taken. */
  async start(template: string, vars: Record<string, string>): Promise<void> {
    if (!NGINX) throw new Error('nginx is not installed');
    for (let attempt = 0; attempt < 10; attempt++) {
      this.port = 20000 + Math.floor(Math.random() * 40000);
      // The image's cache folder, inside the temp folder here.
      writeFileSync(join(this.dir, 'server.conf'), render(template, { ...vars, NGINX_PORT: this.port }).replace('/var/cache/nginx/solvr', join(this.dir, 'cache')));
      // Stand-in for the image's /etc/nginx/nginx.conf, writing only inside the temp folder.
      writeFileSync(
        join(this.dir, 'nginx.conf'),
        [
          process.getuid?.() === 0 ? 'user root;' : '',
          'worker_processes 1;',
          'events { worker_connections 64; }',
          'http {',
          '  types { text/html html; application/javascript js; application/json json; text/css css; }',
          '  default_type application/octet-stream;',
          '  access_log off;',
          ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${join(this.dir, t)};`),
          `  include ${join(this.dir, 'server.conf')};`,
          '}',
        ].join('\n'),
      );
      const stderr: string[] = [];
      const proc = spawn(NGINX, ['-e', 'stderr', '-p', this.dir, '-c', join(this.dir, 'nginx.conf'), '-g', `daemon off; pid ${join(this.dir, 'nginx.pid')};`], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      proc.stderr?.on('data', (d) => stderr.push(String(d)));
      const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
      for (let i = 0; i < 50; i++) {
        const up = await get(this.port, '/healthz').then(
          (r) => r.status === 200,
          () => false,
        );
        if (up) {
          this.proc = proc;
          return;
        }
        if (proc.exitCode !== null) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      proc.kill('SIGKILL');
      await exited;
      if (!/Address already in use/.test(stderr.join(''))) throw new Error(`nginx did not start:\n${stderr.join('')}`);
    }
    throw new Error('nginx found no free port');
  }

  async stop(): Promise<void> {
    const proc = this.proc;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGTERM');
    await exited;
  }
}

if (!NGINX) {
  if (CI) {
    test('nginx is installed', () => {
      throw new Error('nginx not found (/usr/sbin/nginx); CI must install it: apt-get install -y nginx');
    });
  } else {
    console.log('nginx checks skipped: nginx is not installed (apt-get install -y nginx to run them)');
    test.skip('nginx serves the web images (needs nginx)', () => undefined);
  }
} else {
  describe('nginx config of the web images (deploy/nginx/web.conf.template)', () => {
    let tmp: string;
    let shellServer: Nginx;
    let remoteServer: Nginx;

    beforeAll(async () => {
      tmp = mkdtempSync(join(tmpdir(), 'deploy-nginx-'));
      chmodSync(tmp, 0o755); // nginx workers may run as another user
      // Shell image: index.html and hashed assets at the root, the manifest outside the web root (ConfigMap mount).
      writeFiles(join(tmp, 'shell'), {
        'index.html': '<!doctype html><div id="root"></div><script src="/main.0123abcd89.js"></script>',
        'main.0123abcd89.js': BIG_JS,
        'remoteEntry.js': 'var shell;',
        'favicon.ico': 'icon',
      });
      writeFiles(join(tmp, 'etc'), { 'remotes.json': JSON.stringify(MANIFEST) });
      // Remote image: its files under remotes/<name>/, nothing at the root.
      writeFiles(join(tmp, 'portal'), {
        'remotes/portal/remoteEntry.js': 'var portal;',
        'remotes/portal/123.abcdef0123.js': BIG_JS,
        'remotes/portal/styles.0123456789abcdef.css': 'body{}',
      });
      for (const d of ['shell-nginx', 'portal-nginx']) mkdirSync(join(tmp, d));
      shellServer = new Nginx(join(tmp, 'shell-nginx'));
      await shellServer.start('web.conf.template', { WEB_ROOT: join(tmp, 'shell'), REMOTES_MANIFEST: join(tmp, 'etc/remotes.json') });
      remoteServer = new Nginx(join(tmp, 'portal-nginx'));
      await remoteServer.start('web.conf.template', { WEB_ROOT: join(tmp, 'portal'), REMOTES_MANIFEST: join(tmp, 'etc/none.json') });
    });

    afterAll(async () => {
      await shellServer?.stop();
      await remoteServer?.stop();
      if (tmp) rmSync(tmp, { recursive: true, force: true });
    });

    test('/healthz answers 200', async () => {
      for (const server of [shellServer, remoteServer]) {
        const r = await get(server.port, '/healthz');
        expect([r.status, r.body.trim()]).toEqual([200, 'ok']);
      }
    });

    test('hashed assets are immutable for a year', async () => {
      const shellAsset = await get(shellServer.port, '/main.0123abcd89.js');
      expect([shellAsset.status, shellAsset.headers['cache-control']]).toEqual([200, IMMUTABLE]);
      expect(shellAsset.headers['content-type']).toMatch(/javascript/);
      for (const path of ['/remotes/portal/123.abcdef0123.js', '/remotes/portal/styles.0123456789abcdef.css']) {
        const r = await get(remoteServer.port, path);
        expect([path, r.status, r.headers['cache-control']]).toEqual([path, 200, IMMUTABLE]);
      }
    });

    test('index.html, remoteEntry.js, remotes.json and unhashed files must be revalidated (no-cache)', async () => {
      const cases: [Nginx, string][] = [
        [shellServer, '/index.html'],
        [shellServer, '/'],
        [shellServer, '/remoteEntry.js'],
        [shellServer, '/remotes.json'],
        [shellServer, '/favicon.ico'],
        [remoteServer, '/remotes/portal/remoteEntry.js'],
      ];
      for (const [server, path] of cases) {
        const r = await get(server.port, path);
        expect([path, r.status, r.headers['cache-control']]).toEqual([path, 200, 'no-cache']);
      }
    });

    test('/remotes.json serves the mounted manifest as JSON', async () => {
      const r = await get(shellServer.port, '/remotes.json');
      expect(r.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(r.body)).toEqual(MANIFEST);
    });

    test('the shell falls back to index.html for client-side routes', async () => {
      for (const path of ['/SolvrDownload', '/admin/users', '/news/some-article?x=1']) {
        const r = await get(shellServer.port, path);
        expect([path, r.status, r.headers['cache-control']]).toEqual([path, 200, 'no-cache']);
        expect(r.body).toContain('<div id="root">');
      }
    });

    test('missing assets and missing remote files are 404s, never index.html', async () => {
      for (const [server, path] of [
        [shellServer, '/main.deadbeef00.js'],
        [shellServer, '/remotes/portal/remoteEntry.js'],
        [remoteServer, '/remotes/portal/missing.js'],
        [remoteServer, '/remotes/portal/some/route'],
        [remoteServer, '/'],
        [remoteServer, '/dashboard'],
        [remoteServer, '/remotes.json'],
      ] as [Nginx, string][]) {
        const r = await get(server.port, path);
        expect([path, r.status]).toEqual([path, 404]);
      }
    });

    test('text assets are gzipped for clients that accept it', async () => {
      const r = await get(shellServer.port, '/main.0123abcd89.js', { 'Accept-Encoding': 'gzip' });
      expect(r.headers['content-encoding']).toBe('gzip');
      expect(r.headers['vary']).toMatch(/Accept-Encoding/);
      expect(r.body.length).toBeLessThan(BIG_JS.length / 4);
    });
  });

  describe('nginx config of the compose gateway (deploy/nginx/gateway.conf.template)', () => {
    let tmp: string;
    let gateway: Nginx;

    beforeAll(async () => {
      tmp = mkdtempSync(join(tmpdir(), 'deploy-gateway-'));
      gateway = new Nginx(tmp);
      await gateway.start('gateway.conf.template', {});
    });

    afterAll(async () => {
      await gateway?.stop();
      if (tmp) rmSync(tmp, { recursive: true, force: true });
    });

    test('loads and answers /healthz (upstreams are resolved per request, so it starts without them)', async () => {
      expect((await get(gateway.port, '/healthz')).status).toBe(200);
    });

    test('the stored files of the download hand-over are internal: 404 from outside', async () => {
      for (const path of ['/_stored/', '/_stored/files/0b6d6a3e-64a4-4a57-9a0e-f0f7a2f1b2c3']) {
        expect([path, (await get(gateway.port, path)).status]).toEqual([path, 404]);
      }
    });
  });
}
