// Shared Jest settings: ts-jest without type-checking (tsc runs as its own check), path aliases from tsconfig.base.json.
const path = require('path');
const { compilerOptions } = require('./tsconfig.base.json');

const { esmOnlyPackageMapper } = require('./tools/jest/esm-only-packages');

const moduleNameMapper = { ...esmOnlyPackageMapper() };
for (const [alias, [target]] of Object.entries(compilerOptions.paths)) {
  moduleNameMapper[`^${alias.replace('/', '\\/')}$`] = path.join(__dirname, target);
}

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: path.join(__dirname, 'tsconfig.jest.json'), diagnostics: false }],
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  moduleNameMapper,
};
