module.exports = {
  displayName: 'workspace-checks',
  preset: '../../jest.preset.js',
  rootDir: '.',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  testTimeout: 60000,
};
