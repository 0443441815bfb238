module.exports = {
  displayName: 'testing',
  preset: '../../jest.preset.js',
  rootDir: '.',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
