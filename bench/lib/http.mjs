// A lean keep-alive HTTP client for the scenarios that drive request chains themselves (sign-in, refresh):
// node:http is far cheaper per request than fetch, so the client is not the bottleneck.
import { Agent, request as httpRequest } from 'node:http';

export const keepAliveAgent = (maxSockets = 64) => new Agent({ keepAlive: true, maxSockets });

/** One request; resolves with { status, headers, body (string), bytes (as received, not decoded), ms }. */
export function request(url, { method = 'GET', headers = {}, body, agent } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const req = httpRequest(
      url,
      {
        method,
        agent,
        headers: {
          ...(payload !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          resolve({ status: res.statusCode, headers: res.headers, body: raw.toString(), bytes: raw.length, ms: performance.now() - started });
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${method} ${url}`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** The value of cookie `name` from a response's Set-Cookie headers, or null. */
export function setCookieValue(headers, name) {
  for (const line of [].concat(headers['set-cookie'] ?? [])) {
    const m = new RegExp(`^${name}=([^;]*)`).exec(line);
    if (m && m[1]) return m[1];
  }
  return null;
}
