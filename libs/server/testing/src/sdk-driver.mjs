#!/usr/bin/env node
// Drives the real @base44/sdk (ESM-only, so not loadable by the CJS Jest run) against a test server.
// Reads one JSON script on stdin and prints one JSON line on stdout: the outcome of each step, in order.
//
//   { "client": { "serverUrl", "appId", "token"?, "serviceToken"?, "headers"? },
//     "steps": [ { "call": "entities.News.filter", "args": [...] }, ... ] }
//
// A step's `call` is a path on the client (`asServiceRole.entities.User.list`, `auth.me`, `functions.invoke`, ...);
// `args` are passed as they are, except { "$file": { name, type, text } }, which becomes a File. Steps share one
// client, so a login's token is used by the steps after it. An outcome is { ok: true, value } or
// { ok: false, error: { name, message, status, code, data } }; functions.invoke answers axios responses, kept as
// { status, data }.
import { createClient } from '@base44/sdk';

const input = JSON.parse(await new Promise((resolve) => {
  let text = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk) => (text += chunk));
  process.stdin.on('end', () => resolve(text));
}));

const revive = (value) => {
  if (Array.isArray(value)) return value.map(revive);
  if (value && typeof value === 'object') {
    if (value.$file) return new File([value.$file.text], value.$file.name, { type: value.$file.type ?? 'application/octet-stream' });
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, revive(v)]));
  }
  return value;
};

/** An axios response (functions.invoke) as its status and body; anything else as it is. */
const plain = (value) => (value && typeof value === 'object' && 'config' in value && 'status' in value && 'data' in value ? { status: value.status, data: value.data } : value);

const errorOf = (err) => ({
  name: err?.name,
  message: err?.message,
  status: err?.status ?? err?.response?.status,
  code: err?.code,
  data: err?.data ?? err?.response?.data,
});

const client = createClient({ ...input.client, analytics: { enabled: false } });
const outcomes = [];
for (const step of input.steps) {
  try {
    const path = step.call.split('.');
    const method = path.pop();
    let target = client;
    for (const key of path) target = target[key];
    outcomes.push({ ok: true, value: plain(await target[method](...revive(step.args ?? []))) });
  } catch (err) {
    outcomes.push({ ok: false, error: errorOf(err) });
  }
}
client.cleanup?.();
process.stdout.write(`${JSON.stringify(outcomes)}\n`);
process.exit(0);
