// Remote "marketing": served on its own (port 4201 in development), found by the shell through /remotes.json.
module.exports = require('../../tools/webpack/web-app')({ name: 'marketing', port: 4201, exposes: { './Module': './apps/marketing/src/remote-module.ts' } });
