// Shared Jest settings: swc compiles (tsc checks types as its own step), path aliases from tsconfig.base.json.
const path = require('path');
const { compilerOptions } = require('./tsconfig.base.json');

const { esmOnlyPackageMapper } = require('./tools/jest/esm-only-packages');
const { nodeOptions } = require('./tools/swc/options');

const moduleNameMapper = { ...esmOnlyPackageMapper() };
for (const [alias, [target]] of Object.entries(compilerOptions.paths)) {
  moduleNameMapper[`^${alias.replace('/', '\\/')}$`] = path.join(__dirname, target);
}

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.tsx?$': ['@swc/jest', { ...nodeOptions(), swcrc: false }],
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  moduleNameMapper,
};
