const path = require('path');

module.exports = {
  displayName: 'web-news',
  preset: '../../../jest.preset.js',
  rootDir: '.',
  // jsdom plus Node's fetch, so the forms talk to RTK Query through a fake server (see @solvr/web-accounts/testing).
  testEnvironment: path.join(__dirname, '../../../tools/jest/jsdom-with-fetch.js'),
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
  moduleNameMapper: { '\\.css$': path.join(__dirname, '../../../tools/jest/style-stub.js') },
};
