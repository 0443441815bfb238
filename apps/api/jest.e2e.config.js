// API end-to-end tests: the real app from bootstrap(), over HTTP with supertest.
// TEST_TIER=services runs them on MariaDB + Redis; otherwise on SQLite with the in-process queue.
module.exports = {
  displayName: process.env.TEST_TIER === 'services' ? 'api-e2e-services' : 'api-e2e-sqlite',
  preset: '../../jest.preset.js',
  rootDir: '.',
  testMatch: ['<rootDir>/test/**/*.e2e.spec.ts'],
  // The built-process test needs MySQL and Redis, like the manifests it mirrors.
  testPathIgnorePatterns: process.env.TEST_TIER === 'services' ? [] : ['processes\\.e2e\\.spec', 'mail-faults\\.e2e\\.spec'],
  testTimeout: 60000,
  maxWorkers: 1,
  // Every spec closes its app; a client library's stray timer must not keep the run from ending.
  forceExit: true,
};
