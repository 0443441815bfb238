import { lintAs } from './lint-stdin';

/** The rules that fired as errors on a made-up file. */
const errorsFor = (file: string, code: string): string[] => lintAs(file, code).filter((m) => m.severity === 2).map((m) => m.ruleId);

describe('lint rules', () => {
  it('refuses `any` in our TypeScript', () => {
    expect(errorsFor('libs/server/mail/src/probe.ts', 'export const x = (v: any) => v;\n')).toEqual(['@typescript-eslint/no-explicit-any']);
    expect(errorsFor('libs/web/ui/src/probe.tsx', 'export const x = (v: unknown) => v;\n')).toEqual([]);
  });

  it('allows it only where manifests are untyped YAML (deploy checks)', () => {
    expect(errorsFor('tools/deploy-checks/src/probe.ts', 'export const x = (v: any) => v;\n')).toEqual([]);
  });

  it('keeps the store packages inside @solvr/web-data (the browser bundles do not share them)', () => {
    const code = "import { Provider } from 'react-redux';\nimport { skipToken } from '@reduxjs/toolkit/query/react';\nexport const x = [Provider, skipToken];\n";
    expect(errorsFor('libs/web/news/src/probe.ts', code)).toEqual(['no-restricted-imports', 'no-restricted-imports']);
    expect(errorsFor('apps/shell/src/probe.tsx', code)).toEqual(['no-restricted-imports', 'no-restricted-imports']);
    expect(errorsFor('libs/web/data/src/probe.ts', code)).toEqual([]);
    expect(errorsFor('libs/web/news/src/probe.ts', "import type { UnknownAction } from '@reduxjs/toolkit';\nexport type X = UnknownAction;\n")).toEqual([]);
  });

  it('lints tooling scripts too (.mjs and .js)', () => {
    expect(errorsFor('tools/probe.mjs', 'const unused = 1;\nexport const x = 2;\n')).toEqual(['@typescript-eslint/no-unused-vars']);
    expect(errorsFor('tools/webpack/probe.js', "const path = require('path');\nmodule.exports = path.join('a', 'b');\n")).toEqual([]);
  });
});
