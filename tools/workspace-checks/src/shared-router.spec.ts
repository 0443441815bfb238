import { readdirSync, readFileSync, statSync } from 'fs';
import { join, relative } from 'path';
import ts from 'typescript';
import { ROOT } from './lint-stdin';

/** The file the browser bundles share as 'react-router-dom' (tools/webpack/web-app.js): only what we use. */
const SHARED = join(ROOT, 'tools/webpack/shared/react-router-dom.js');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Names imported (or exported) by name from `module` in a file. */
function namesFrom(file: string, module: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS);
  const names: string[] = [];
  for (const node of source.statements) {
    const from = (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : null;
    if (from !== module) continue;
    if (ts.isImportDeclaration(node)) {
      const bindings = node.importClause?.namedBindings;
      if (node.importClause?.isTypeOnly) continue;
      if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
      if (bindings && ts.isNamedImports(bindings)) for (const el of bindings.elements) if (!el.isTypeOnly) names.push((el.propertyName ?? el.name).text);
      if (node.importClause?.name) names.push('default');
    } else if (node.exportClause && ts.isNamedExports(node.exportClause)) {
      for (const el of node.exportClause.elements) names.push(el.name.text);
    }
  }
  return names;
}

describe("the browser bundles' shared react-router-dom", () => {
  it('exports every name our code imports from react-router-dom (a missing one would be undefined in the browser)', () => {
    const provided = new Set(namesFrom(SHARED, 'react-router'));
    const used = new Map<string, string>();
    for (const dir of ['apps', 'libs/web']) {
      for (const file of sourceFiles(join(ROOT, dir))) {
        for (const name of namesFrom(file, 'react-router-dom')) if (!used.has(name)) used.set(name, relative(ROOT, file));
      }
    }
    expect(used.size).toBeGreaterThan(5);
    const missing = [...used].filter(([name]) => !provided.has(name)).map(([name, file]) => `${name} (first used in ${file})`);
    expect(missing).toEqual([]);
  });
});
