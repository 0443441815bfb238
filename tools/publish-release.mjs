#!/usr/bin/env node
// Publishes a desktop release from CI: every installer, update package and block map electron-builder left in a
// folder, with its version, in one call to POST /api/releases/publish (README: "Publishing from CI").
//
//   SOLVR_URL=https://your-site SOLVR_DEPLOY_TOKEN=solvr_deploy_... node tools/publish-release.mjs dist
//   optional: SOLVR_CHANNEL (stable), SOLVR_VERSION (read from dist/latest*.yml), SOLVR_NOTES_FILE, SOLVR_DRAFT=true
import { openAsBlob, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';

const RELEASE_FILE = /\.(exe|msi|nupkg|dmg|zip|pkg|appimage|deb|rpm)(\.blockmap)?$|^RELEASES$/i;

function fail(message) {
  console.error(`publish-release: ${message}`);
  process.exit(1);
}

const dir = process.argv[2] ?? 'dist';
const { SOLVR_URL: url, SOLVR_DEPLOY_TOKEN: token } = process.env;
if (!url || !token) fail('set SOLVR_URL and SOLVR_DEPLOY_TOKEN');
const names = readdirSync(dir).filter((n) => RELEASE_FILE.test(n) && statSync(join(dir, n)).isFile()).sort();
if (!names.length) fail(`no installers, update packages or block maps in ${dir}`);
const version =
  process.env.SOLVR_VERSION ??
  readdirSync(dir)
    .filter((n) => /^latest.*\.yml$/.test(n))
    .map((n) => /^version:\s*['"]?([^'"\s]+)/m.exec(readFileSync(join(dir, n), 'utf8'))?.[1])
    .find(Boolean);
if (!version) fail(`no version: set SOLVR_VERSION or keep electron-builder's latest*.yml in ${dir}`);

const form = new FormData();
form.set('version', version);
form.set('channel', process.env.SOLVR_CHANNEL ?? 'stable');
if (process.env.SOLVR_NOTES_FILE) form.set('notes', readFileSync(process.env.SOLVR_NOTES_FILE, 'utf8'));
if (process.env.SOLVR_DRAFT) form.set('draft', process.env.SOLVR_DRAFT);
// Files after the fields, as the api reads them; each is streamed from disk.
for (const name of names) form.append('file', await openAsBlob(join(dir, name)), basename(name));

const res = await fetch(new URL('/api/releases/publish', url), { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
const body = await res.json().catch(() => ({}));
if (!res.ok) fail(`${res.status}: ${body.message ?? res.statusText}`);
console.log(`published ${body.channel} ${body.version} (${body.state}): ${body.files.map((f) => f.file_name).join(', ')}`);
