// The backup and restore commands (tools/backup.mjs, tools/restore.mjs) against real instances: the api in-process,
// the commands as an operator runs them. jest.config.js, not .ts: Jest needs ts-node to read a .ts config.
module.exports = {
  displayName: 'backup',
  preset: '../../jest.preset.js',
  rootDir: '.',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
