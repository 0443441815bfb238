const path = require('path');

// The marketing remote's pages in jsdom (npm test runs them through the root jest.config.js).
module.exports = {
  displayName: 'marketing',
  preset: '../../jest.preset.js',
  rootDir: '.',
  testEnvironment: path.join(__dirname, '../../tools/jest/jsdom-with-fetch.js'),
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
  moduleNameMapper: { '\\.css$': path.join(__dirname, '../../tools/jest/style-stub.js') },
};
