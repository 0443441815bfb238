// kubernetes-models and two of its dependencies ship ES modules behind the "import" export condition only, which
// Jest's CommonJS resolver does not match. Resolve just those packages with "import"; jest.config.js compiles them.
const ESM_PACKAGES = ['kubernetes-models', '@kubernetes-models', 'is-cidr', 'cidr-regex'];
const ESM_IMPORT = new RegExp(`^(${ESM_PACKAGES.join('|')})(/|$)`);

function resolver(request, options) {
  const esm = ESM_IMPORT.test(request) || ESM_PACKAGES.some((p) => options.basedir.includes(`/node_modules/${p}/`));
  return options.defaultResolver(request, esm ? { ...options, conditions: ['import', 'node', 'default'] } : options);
}

module.exports = resolver;
module.exports.ESM_PACKAGES = ESM_PACKAGES;
