// One swc setup for every compile of our TypeScript: Jest, the Nest bundles and the browser bundles. swc only
// strips types; tsc checks them once for the whole workspace (`nx run typecheck:typecheck`, tools/typecheck).
const BROWSERS = 'defaults and supports es6-module';

/** Decorators as TypeScript's experimentalDecorators + emitDecoratorMetadata (Nest's injection and TypeORM read them). */
function parser(tsx) {
  return { syntax: 'typescript', tsx, decorators: true };
}

/** Node code: CommonJS for Jest, or ES modules left to webpack (`module: false`). */
function nodeOptions({ tsx = true, commonjs = true } = {}) {
  return {
    jsc: {
      parser: parser(tsx),
      target: 'es2022',
      keepClassNames: true,
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        useDefineForClassFields: true,
        react: { runtime: 'automatic' },
      },
    },
    ...(commonjs ? { module: { type: 'commonjs' } } : {}),
    sourceMaps: true,
  };
}

/** Browser code for webpack: ES modules kept (tree shaking), syntax lowered for the browsers we support. */
function browserOptions({ dev = false } = {}) {
  return {
    jsc: {
      parser: parser(true),
      transform: { react: { runtime: 'automatic', development: dev } },
    },
    env: { targets: BROWSERS, bugfixes: true },
    sourceMaps: true,
  };
}

module.exports = { nodeOptions, browserOptions, BROWSERS };
