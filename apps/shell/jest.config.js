// The shell's router and per-page states in jsdom, with stand-in remotes (npm test runs them through the root jest.config.js).
module.exports = require('../../tools/jest/web-project').webProject('shell', __dirname);
