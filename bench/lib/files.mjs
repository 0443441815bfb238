// Big files for the upload and download scenarios, never held in memory or written to disk by the client: the
// body is one random 1 MiB block repeated (cut at the size), generated as it is sent; its sha256 is computed from
// the same generator. Sizes and rates in MB = 1,000,000 bytes, as the other figures.
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { request, setCookieValue } from './http.mjs';

export const MB = 1e6;
const BLOCK = randomBytes(1 << 20);

/** The generated body of `size` bytes, chunk by chunk (the same block each time: it is never modified). */
export function* generatedChunks(size) {
  for (let left = size; left > 0; left -= BLOCK.length) yield left >= BLOCK.length ? BLOCK : BLOCK.subarray(0, left);
}

const digests = new Map();
/** sha256 (hex) of generatedChunks(size). */
export function generatedSha256(size) {
  if (!digests.has(size)) {
    const h = createHash('sha256');
    for (const c of generatedChunks(size)) h.update(c);
    digests.set(size, h.digest('hex'));
  }
  return digests.get(size);
}

/** Waits until the request can take more (drain), or is gone; false when it is gone. */
function writable(req) {
  if (req.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = () => {
      req.off('drain', done);
      req.off('close', done);
      resolve(!req.destroyed);
    };
    req.once('drain', done);
    req.once('close', done);
  });
}

/**
 * POST /api/admin/files as multipart/form-data: the string fields, then the part `file` with `size` generated
 * bytes, streamed with back-pressure (a fixed Content-Length, no chunked encoding). Resolves with
 * { status, body, json, ms } once the answer is complete; ms runs from the first byte sent to the answer's end.
 */
export function uploadGenerated({ baseUrl, token, size, fileName = 'bench.bin', fields = {} }) {
  const boundary = `----solvr-bench-${randomBytes(8).toString('hex')}`;
  const all = { name: fileName, description: 'Bench upload', version: '1.0.0', is_paid: 'false', access_type: 'all_users', ...fields };
  const head = Buffer.from(
    Object.entries(all)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let answered = false;
    let sent = false;
    const req = httpRequest(
      `${baseUrl}/api/admin/files`,
      {
        method: 'POST',
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + size + tail.length,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          answered = true;
          // Answered before the whole body went (a refusal): stop sending.
          if (!sent) req.destroy();
          const body = Buffer.concat(chunks).toString();
          let json = null;
          try {
            json = JSON.parse(body);
          } catch {
            // not JSON: the caller reports the body
          }
          resolve({ status: res.statusCode, body, json, ms: performance.now() - started });
        });
      },
    );
    req.on('error', (e) => {
      if (!answered) reject(e);
    });
    (async () => {
      if (!req.write(head) && !(await writable(req))) return;
      for (const chunk of generatedChunks(size)) {
        if (!req.write(chunk) && !(await writable(req))) return;
      }
      sent = true;
      req.end(tail);
    })().catch((e) => req.destroy(e));
  });
}

/**
 * One GET read to the end: { status, headers, bytes, ms, sha256? (when hash), body? (when keep) }. The bytes
 * are counted (and hashed or kept only when asked), so the client stays cheap.
 */
export function fetchBytes(url, { headers = {}, hash = false, keep = false, agent = false } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(url, { headers, agent }, (res) => {
      const h = hash ? createHash('sha256') : null;
      const kept = keep ? [] : null;
      let bytes = 0;
      res.on('data', (c) => {
        bytes += c.length;
        h?.update(c);
        kept?.push(c);
      });
      res.on('error', reject);
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          headers: res.headers,
          bytes,
          ms: performance.now() - started,
          ...(h ? { sha256: h.digest('hex') } : {}),
          ...(kept ? { body: Buffer.concat(kept) } : {}),
        }),
      );
    });
    req.setTimeout(120_000, () => req.destroy(new Error(`timeout: GET ${url}`)));
    req.on('error', reject);
    req.end();
  });
}

export const CURL = process.env.CURL_PATH ?? '/usr/bin/curl';

/**
 * One GET to the end by curl into /dev/null when it is installed (about twice the MB/s of a node:http client on
 * loopback, and half its CPU, which the server under test shares), else fetchBytes. { status, bytes, ms, client }.
 */
export function downloadBytes(url, headers = {}) {
  if (!existsSync(CURL)) return fetchBytes(url, { headers }).then((r) => ({ ...r, client: 'node:http' }));
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  return new Promise((resolve, reject) => {
    execFile(CURL, ['-sS', '-o', '/dev/null', '--max-time', '300', ...headerArgs, '-w', '%{http_code} %{size_download} %{time_total}', url], (err, stdout, stderr) => {
      // The path only: a signed link's query is a credential while it lives.
      if (err) return reject(new Error(`curl ${url.split('?')[0]}: ${stderr.trim() || `exit ${err.code ?? err.signal}`}`));
      const [status, bytes, seconds] = stdout.trim().split(' ').map(Number);
      resolve({ status, bytes, ms: seconds * 1000, headers: {}, client: 'curl' });
    });
  });
}

/**
 * POST /api/files/:id/download: the signed link (relative, /api/download?key&name&expires&sig), the headers that
 * follow it as the asking browser does (its holder cookie: the link is this user's only) and the call's ms.
 */
export async function downloadLink(baseUrl, token, id, agent) {
  const res = await request(`${baseUrl}/api/files/${id}/download`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, agent });
  if (res.status !== 200) throw new Error(`POST /api/files/${id}/download answered ${res.status}: ${res.body.slice(0, 200)}`);
  const headers = holderHeaders(res.headers);
  if (!headers) throw new Error(`POST /api/files/${id}/download set no holder cookie`);
  return { url: JSON.parse(res.body).url, headers, ms: res.ms };
}

/** The Cookie header that follows a download link, from the answer that handed the link out (null if it set none). */
export function holderHeaders(answerHeaders) {
  const holder = setCookieValue(answerHeaders, 'solvr_download');
  return holder ? { cookie: `solvr_download=${holder}` } : null;
}

/** The storage key a signed link names (files/<uuid>): the file is <filesDir>/<key> on local disk. */
export const keyOfLink = (link) => new URL(link, 'http://x').searchParams.get('key');

/** DELETE /api/admin/files/:id (record and stored object); errors are only returned, for cleanup paths. */
export async function deleteFile(baseUrl, token, id) {
  try {
    const res = await request(`${baseUrl}/api/admin/files/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    return res.status === 204 ? null : `DELETE /api/admin/files/${id} answered ${res.status}`;
  } catch (e) {
    return `DELETE /api/admin/files/${id}: ${e.message}`;
  }
}

/**
 * Uploads a generated file of `size` bytes as the admin and checks the answer (201, size, sha256). Returns the
 * file's JSON; throws with the api's answer otherwise.
 */
export async function uploadChecked({ baseUrl, token, size, fileName }) {
  const expected = generatedSha256(size);
  const res = await uploadGenerated({ baseUrl, token, size, fileName });
  if (res.status !== 201 || !res.json?.id) throw new Error(`upload of ${size} bytes answered ${res.status}: ${res.body.slice(0, 300)}`);
  if (res.json.file_size !== size || res.json.sha256 !== expected) {
    throw new Error(`upload stored ${res.json.file_size} bytes with sha256 ${res.json.sha256}, sent ${size} with ${expected}`);
  }
  return { file: res.json, ms: res.ms };
}

export const keepAlive = (maxSockets = 8) => new Agent({ keepAlive: true, maxSockets });
