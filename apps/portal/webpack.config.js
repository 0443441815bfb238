// Remote "portal": served on its own (port 4202 in development), found by the shell through /remotes.json.
module.exports = require('../../tools/webpack/web-app')({ name: 'portal', port: 4202, exposes: { './Module': './apps/portal/src/remote-module.ts' } });
