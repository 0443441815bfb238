#!/usr/bin/env node
// Publishes a desktop release from CI: every installer, update package and block map electron-builder left in a
// folder, with its version, in one call to POST /api/releases/publish (README: "Publishing from CI").
//
//   SOLVR_URL=https://your-site SOLVR_DEPLOY_TOKEN=solvr_deploy_... node tools/publish-release.mjs dist
//   optional: SOLVR_CHANNEL (stable), SOLVR_VERSION (read from electron-builder's {channel}*.yml: latest*.yml for
//   stable, beta*.yml for beta; else from the files' names), SOLVR_NOTES_FILE, SOLVR_DRAFT=true
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
const channel = process.env.SOLVR_CHANNEL ?? 'stable';
// electron-builder's feed files for the channel: latest.yml, latest-mac.yml, ... for stable; beta.yml, beta-mac.yml, ...
const feedBase = channel === 'stable' ? 'latest' : channel;
const feeds = readdirSync(dir)
  .filter((n) => n.startsWith(feedBase) && /^[a-z0-9]+(-mac|-linux(-[a-z0-9]+)?)?\.yml$/.test(n) && n.split(/[-.]/)[0] === feedBase)
  .map((n) => readFileSync(join(dir, n), 'utf8'));
/** The version the artifacts' names carry (Solvr-Setup-1.2.0.exe, Solvr-1.2.0-arm64.dmg), when they all agree. */
function versionOfNames() {
  const ARCH = /^(x64|ia32|arm64|armv7l|aarch64|universal|x86_64|amd64|mac|win|linux|full|delta)$/i;
  const of = (name) => {
    const m = /(\d+\.\d+\.\d+)(?:-([0-9A-Za-z.]+))?/.exec(name.replace(/\.blockmap$/i, '').replace(/\.[a-z]+$/i, ''));
    return m && (m[2] && !ARCH.test(m[2]) ? `${m[1]}-${m[2]}` : m[1]);
  };
  const found = new Set(names.filter((n) => n !== 'RELEASES').map(of).filter(Boolean));
  return found.size === 1 ? [...found][0] : undefined;
}
const version = process.env.SOLVR_VERSION ?? feeds.map((text) => /^version:\s*['"]?([^'"\s]+)/m.exec(text)?.[1]).find(Boolean) ?? versionOfNames();
if (!version) fail(`no version: set SOLVR_VERSION, keep electron-builder's ${feedBase}*.yml in ${dir}, or name the files with one version`);
/** blockMapSize per file (an AppImage carries its block map at its end), as the feed files list them. */
const blockMapSizes = {};
for (const text of feeds) {
  let url = null;
  for (const line of text.split(/\r?\n/)) {
    const entry = /^\s*-\s*url:\s*['"]?([^'"\s]+)/.exec(line);
    if (entry) url = basename(decodeURIComponent(entry[1]));
    const size = /^\s+blockMapSize:\s*(\d+)/.exec(line);
    if (size && url) blockMapSizes[url] = Number(size[1]);
  }
}

const form = new FormData();
form.set('version', version);
form.set('channel', channel);
if (process.env.SOLVR_NOTES_FILE) form.set('notes', readFileSync(process.env.SOLVR_NOTES_FILE, 'utf8'));
if (process.env.SOLVR_DRAFT) form.set('draft', process.env.SOLVR_DRAFT);
if (Object.keys(blockMapSizes).length) form.set('block_map_sizes', JSON.stringify(blockMapSizes));
// Files after the fields, as the api reads them; each is streamed from disk.
for (const name of names) form.append('file', await openAsBlob(join(dir, name)), basename(name));

const res = await fetch(new URL('/api/releases/publish', url), { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
const body = await res.json().catch(() => ({}));
if (!res.ok) fail(`${res.status}: ${body.message ?? res.statusText}`);
console.log(`published ${body.channel} ${body.version} (${body.state}): ${body.files.map((f) => f.file_name).join(', ')}`);
