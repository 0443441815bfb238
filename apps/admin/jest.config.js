// The admin remote's pages in jsdom (npm test runs them through the root jest.config.js).
module.exports = require('../../tools/jest/web-project').webProject('admin', __dirname);
