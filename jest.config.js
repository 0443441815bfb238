// Every unit-test project in one run (npm test); each project also has its own `test` target for `nx affected`.
module.exports = {
  projects: [
    '<rootDir>/libs/contracts/jest.config.js',
    '<rootDir>/libs/geo/jest.config.js',
    '<rootDir>/libs/server/*/jest.config.js',
    '<rootDir>/libs/web/*/jest.config.js',
    '<rootDir>/tools/*/jest.config.js',
    '<rootDir>/apps/marketing/jest.config.js',
    '<rootDir>/apps/shell/jest.config.js',
    '<rootDir>/apps/portal/jest.config.js',
    '<rootDir>/apps/admin/jest.config.js',
  ],
};
