// Remote "admin": served on its own (port 4203 in development), found by the shell through /remotes.json.
module.exports = require('../../tools/webpack/web-app')({ name: 'admin', port: 4203, exposes: { './Module': './apps/admin/src/remote-module.ts' } });
