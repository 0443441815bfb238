const nodeApp = require('../../tools/webpack/node-app');
module.exports = nodeApp('worker', { main: './apps/worker/src/main.ts' });
