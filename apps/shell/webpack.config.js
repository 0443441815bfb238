module.exports = require('../../tools/webpack/web-app')({ name: 'shell', port: 4200 });
