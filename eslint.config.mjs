import nx from '@nx/eslint-plugin';
import globals from 'globals';

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
