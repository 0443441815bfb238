// Jest settings for the offline deployment checks. jest.config.js, not .ts: Jest needs ts-node to read a .ts config.
const preset = require('../../jest.preset.js');
const { ESM_PACKAGES } = require('./jest.resolver.js');

module.exports = {
  displayName: 'deploy-checks',
  preset: '../../jest.preset.js',
  rootDir: '.',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  testTimeout: 120000,
  resolver: '<rootDir>/jest.resolver.js',
  transform: {
    ...preset.transform,
    // Compiles the ES-module-only packages (see jest.resolver.js) to CommonJS.
    '^.+\\.js$': ['@swc/jest', { swcrc: false, jsc: { target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_PACKAGES.join('|')})/)`],
};
