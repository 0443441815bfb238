// The Migration Guide generator's drift check; picked up by the root jest.config.js (tools/*/jest.config.js).
module.exports = {
  displayName: 'migration-guide',
  preset: '../../jest.preset.js',
  rootDir: '.',
  testMatch: ['<rootDir>/*.spec.ts'],
  testTimeout: 60000,
};
