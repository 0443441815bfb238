// Reference servers the app is compared with: bare node:http (bare-server.mjs) and Debian's nginx.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, onExit, startProcess, stopProcess, waitForHttp } from './processes.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));

/** Starts bare-server.mjs with the given settings; returns { url, stop() }. */
export async function startBare(env) {
  const child = startProcess(process.execPath, [join(HERE, 'bare-server.mjs')], { env: { ...process.env, ...env } });
  const m = await child.waitForOutput(/listening (\d+)/, 15_000);
  if (!m) {
    await stopProcess(child);
    throw new Error(`bare reference server did not start\n${child.output()}`);
  }
  return { url: `http://127.0.0.1:${m[1]}`, pid: child.proc.pid, stop: () => stopProcess(child) };
}

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** Why nginx cannot be the reference, or null. */
export function nginxProblem() {
  return existsSync(NGINX) ? null : `nginx not found at ${NGINX} (apt-get install -y nginx libnginx-mod-http-brotli-static)`;
}

/**
 * nginx in the foreground with its own config, pid, logs and temp paths under a temp dir, on a free port: one
 * process (master_process off), as the app is one. `server(port)` writes the server block; ready when `readyPath`
 * answers. Returns { url, dir, stop() }.
 */
async function runNginx(server, { readyPath = '/', modules = '' } = {}) {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'solvr-bench-nginx-'));
  for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, d));
  const conf = `
${modules}
daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${server(port)}
}
`;
  writeFileSync(join(dir, 'nginx.conf'), conf);
  const child = startProcess(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')]);
  const forgetDir = onExit(() => rmSync(dir, { recursive: true, force: true }));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(url + readyPath, child, 15_000);
  } catch (e) {
    await stopProcess(child);
    rmSync(dir, { recursive: true, force: true });
    forgetDir();
    throw e;
  }
  return {
    url,
    dir,
    pid: child.proc.pid,
    stop: async () => {
      await stopProcess(child);
      rmSync(dir, { recursive: true, force: true });
      forgetDir();
    },
  };
}

/**
 * nginx serving `root` like the app serves the shell: gzip_static (and brotli_static when Debian's module is
 * installed), unknown paths fall back to index.html.
 */
export async function startNginx(root, { headers = {} } = {}) {
  const brotli = existsSync(BROTLI_MODULE);
  // Extra response headers (a page's own security headers, for a like-for-like page load); values are quoted for nginx.
  const added = Object.entries(headers)
    .map(([name, value]) => `add_header ${name} "${String(value).replace(/["\\]/g, (c) => `\\${c}`)}" always;`)
    .join('\n    ');
  const nginx = await runNginx(
    (port) => `  server {
    listen 127.0.0.1:${port};
    root ${root};
    index index.html;
    gzip_static on;
    ${brotli ? 'brotli_static on;' : ''}
    ${added}
    location / { try_files $uri /index.html; }
  }`,
    { modules: brotli ? `load_module ${BROTLI_MODULE};` : '' },
  );
  return { ...nginx, brotli };
}

/** The file-serving settings of the deploy gateway's /_stored/ location (deploy/nginx/gateway.conf.template). */
const FILE_SETTINGS = 'sendfile on; tcp_nopush on; output_buffers 2 1m;';

/**
 * nginx as the deploy gateway (deploy/nginx/gateway.conf.template) in front of an app started with
 * DOWNLOAD_ACCEL_PREFIX=`accelPrefix`: /api/ is proxied unbuffered (uploads streamed through, no size limit),
 * `accelPrefix` is the internal location over `filesDir` (the app's storage root) that X-Accel-Redirect answers
 * point to. `plain` maps further public locations to directories ({ '/plain/': dir }): the reference, the same
 * files served directly by the same nginx with the same settings. Without appUrl it only serves `plain`.
 */
export async function startGateway({ appUrl, filesDir, accelPrefix = '/_stored/', plain = {} }) {
  const locations = [];
  if (appUrl) {
    locations.push(
      `location /api/ {
      proxy_pass ${appUrl};
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Real-IP $remote_addr;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      client_max_body_size 0;
      proxy_request_buffering off;
      proxy_buffering off;
    }`,
      `location ${accelPrefix} { internal; alias ${filesDir}/; ${FILE_SETTINGS} }`,
    );
  }
  for (const [prefix, dir] of Object.entries(plain)) locations.push(`location ${prefix} { alias ${dir}/; ${FILE_SETTINGS} }`);
  return runNginx(
    (port) => `  server {
    listen 127.0.0.1:${port};
    location = /healthz { return 200 "ok"; }
    ${locations.join('\n    ')}
  }`,
    { readyPath: '/healthz' },
  );
}
