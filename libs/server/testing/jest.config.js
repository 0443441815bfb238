module.exports = {
  displayName: 'server-testing',
  preset: '../../../jest.preset.js',
  rootDir: '.',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
