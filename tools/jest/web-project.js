// The Jest project of a web app or web feature library: jsdom plus Node's fetch (the forms talk to RTK Query through
// a fake server, see @solvr/web-accounts/testing), CSS imports stubbed, every *.spec.ts(x) under its src/.
const path = require('path');

/** `dir`: the project's folder (its jest.config.js passes __dirname). */
function webProject(displayName, dir) {
  return {
    displayName,
    preset: path.join(__dirname, '../../jest.preset.js'),
    rootDir: dir,
    testEnvironment: path.join(__dirname, 'jsdom-with-fetch.js'),
    testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
    moduleNameMapper: { '\\.css$': path.join(__dirname, 'style-stub.js') },
  };
}

module.exports = { webProject };
