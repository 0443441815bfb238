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

  it('lints tooling scripts too (.mjs and .js)', () => {
    expect(errorsFor('tools/probe.mjs', 'const unused = 1;\nexport const x = 2;\n')).toEqual(['@typescript-eslint/no-unused-vars']);
    expect(errorsFor('tools/webpack/probe.js', "const path = require('path');\nmodule.exports = path.join('a', 'b');\n")).toEqual([]);
  });
});
