module.exports = {
  displayName: 'web-data',
  preset: '../../../jest.preset.js',
  rootDir: '.',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  setupFiles: ['<rootDir>/src/test-setup.ts'],
};
