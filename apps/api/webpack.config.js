const nodeApp = require('../../tools/webpack/node-app');
module.exports = nodeApp('api', { main: './apps/api/src/main.ts', cli: './apps/api/src/cli.ts' });
