import nx from '@nx/eslint-plugin';
import globals from 'globals';

/**
 * Which feature lib may import which (each lib's project.json tags it lib:<name>): the order among features is
 * declared here, so a new feature-to-feature import is a decision made in this table, not a line slipped into a file.
 */
const FEATURE_IMPORTS = {
  'server-users': [],
  'server-storage': [],
  'server-news': [],
  'server-api-docs': [],
  'server-audit': ['server-users'],
  'server-payments': ['server-users'],
  'server-mail': ['server-users'],
  'server-profile': ['server-users', 'server-mail'],
  'server-auth': ['server-users', 'server-mail'],
  'server-files': ['server-users', 'server-storage', 'server-payments'],
  'server-releases': ['server-users', 'server-storage', 'server-mail', 'server-news', 'server-files'],
  'server-site': ['server-auth', 'server-news'],
  'server-platform': ['server-users', 'server-storage', 'server-mail', 'server-news', 'server-audit', 'server-payments', 'server-auth', 'server-profile', 'server-files'],
  'web-accounts': [],
  'web-files': ['web-accounts'],
  'web-mail': ['web-accounts'],
  'web-news': ['web-accounts'],
  'web-releases': ['web-accounts', 'web-files'],
};
const featureOrder = Object.entries(FEATURE_IMPORTS).map(([lib, may]) => ({
  sourceTag: `lib:${lib}`,
  onlyDependOnLibsWithTags: [...may.map((other) => `lib:${other}`), 'type:data', 'type:ui', 'type:contracts'],
}));

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  { ignores: ['**/dist', '**/node_modules', '**/.nx', '**/tmp', '**/test-results', '**/playwright-report', 'bench/results', '**/*.generated.ts'] },
  {
    // Tooling scripts (build configs, npm scripts, bench) run on Node: CommonJS .js, ES modules .mjs.
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          allow: [],
          depConstraints: [
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:server', 'scope:shared'] },
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web', 'scope:shared'] },
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:composition', 'type:feature', 'type:data', 'type:ui', 'type:contracts'] },
            // The composition root (libs/server/app) puts the features together into the api and the worker.
            { sourceTag: 'type:composition', onlyDependOnLibsWithTags: ['type:feature', 'type:data', 'type:contracts'] },
            // Test helpers and e2e specs drive the real processes; nothing of the product depends on them.
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:testing', 'type:composition', 'type:feature', 'type:data', 'type:contracts'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:testing', 'type:composition', 'type:feature', 'type:data', 'type:contracts'] },
            { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:feature', 'type:data', 'type:ui', 'type:contracts'] },
            { sourceTag: 'type:data', onlyDependOnLibsWithTags: ['type:data', 'type:contracts'] },
            { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:ui', 'type:contracts'] },
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:contracts'] },
            ...featureOrder,
          ],
        },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The browser bundles do not share redux, RTK or react-redux (tools/webpack/web-app.js): @solvr/web-data alone
    // imports them, so there is one store library in the page. Everything else takes them from @solvr/web-data.
    files: ['apps/**/*.ts', 'apps/**/*.tsx', 'libs/web/**/*.ts', 'libs/web/**/*.tsx'],
    ignores: ['libs/web/data/**', 'apps/api/**', 'apps/worker/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react-redux', '@reduxjs/toolkit', '@reduxjs/toolkit/*', 'redux', 'redux-thunk', 'reselect', 'immer'],
              allowTypeImports: true,
              message: 'Use it through @solvr/web-data: the browser bundles share that library, not the store packages.',
            },
          ],
        },
      ],
    },
  },
  {
    // Kubernetes and compose manifests are untyped YAML: the offline checks walk them as plain data.
    files: ['tools/deploy-checks/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
];
