// electron-builder's custom publisher for the Solvr portal (README: "Publishing with electron-builder").
// Copy this file into the desktop app's build resources folder (`build/` unless `directories.buildResources` says
// otherwise) as `electron-publisher-custom.js`, and configure:
//
//   publish:
//     - provider: generic          # what the app's updater reads (app-update.yml takes the first entry)
//       url: https://your-site/api/updates
//     - provider: custom           # what `electron-builder --publish always` uploads to
//       url: https://your-site
//       releaseType: draft         # or release: publish at once; channel: beta (default: from the version)
//
// and set SOLVR_DEPLOY_TOKEN (a deploy token from the console) in the CI job. Each installer, update package and
// block map electron-builder makes is sent to POST /api/releases/publish as it is ready; the portal writes the
// feeds itself, so electron-builder's latest*.yml are not sent. No dependencies beyond Node 20.
'use strict';
const { openAsBlob } = require('node:fs');
const { basename } = require('node:path');

const FEED_FILE = /\.ya?ml$/i;

class SolvrPublisher {
  /** electron-builder calls `new (context, publishConfig)` for a custom provider. */
  constructor(context, info) {
    this.context = context;
    this.info = info;
    if (!info.url) throw new Error('electron-publisher-custom: set publish.url to the portal (https://your-site)');
    const tokenName = info.tokenEnv || 'SOLVR_DEPLOY_TOKEN';
    this.token = process.env[tokenName];
    if (!this.token) throw new Error(`electron-publisher-custom: set ${tokenName} to a deploy token from the portal's console`);
    if (info.releaseType && !['draft', 'release'].includes(info.releaseType)) {
      throw new Error(`electron-publisher-custom: releaseType is draft or release, not ${JSON.stringify(info.releaseType)}`);
    }
  }

  get providerName() {
    return 'custom';
  }

  /** One artifact: electron-builder's ArtifactCreated (file, safeArtifactName, arch, packager, updateInfo). */
  async upload(task) {
    const name = task.safeArtifactName || basename(task.file);
    if (FEED_FILE.test(name)) return;
    const { appInfo, config } = task.packager || this.context.packager;
    const form = new FormData();
    form.set('version', appInfo.version);
    // electron-builder's own rule: a prerelease's first identifier is its channel (1.3.0-beta.1 is beta).
    form.set('channel', this.info.channel || appInfo.channel || 'stable');
    form.set('draft', String((this.info.releaseType || 'draft') === 'draft'));
    const notes = config?.releaseInfo?.releaseNotes;
    if (notes) form.set('notes', notes);
    // An AppImage carries its block map inside; electron-builder measured it (feeds need it for differential updates).
    if (task.updateInfo?.blockMapSize) form.set('block_map_sizes', JSON.stringify({ [name]: task.updateInfo.blockMapSize }));
    form.append('file', await openAsBlob(task.file), name);

    const res = await fetch(new URL('/api/releases/publish', this.info.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}` },
      body: form,
      signal: task.timeout ? AbortSignal.timeout(task.timeout) : undefined,
    });
    const body = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(`electron-publisher-custom: ${name}: ${res.status} ${body.message || res.statusText}`);
    return body;
  }

  toString() {
    return `Solvr portal (${this.info.url}, ${this.info.releaseType || 'draft'})`;
  }
}

module.exports = SolvrPublisher;
