// Jest (CommonJS mode) refuses to require a file of a "type": "module" package, whatever transform it has. The
// router, wouter, ships ES modules only: its files are compiled once to CommonJS under tmp/ (redone when the
// installed version changes) and its module names mapped there. Browser bundles use the package as it is.
const fs = require('fs');
const path = require('path');
const swc = require('@swc/core');

const ROOT = path.resolve(__dirname, '../..');
const OUT = path.join(ROOT, 'tmp/jest-cjs');

function compileWouter() {
  const pkgDir = path.join(ROOT, 'node_modules/wouter');
  const { version } = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  const dir = path.join(OUT, `wouter-${version}`);
  if (!fs.existsSync(path.join(dir, 'package.json'))) {
    const tmp = `${dir}.${process.pid}`;
    fs.mkdirSync(tmp, { recursive: true });
    for (const name of fs.readdirSync(path.join(pkgDir, 'src')).filter((n) => n.endsWith('.js'))) {
      const { code } = swc.transformFileSync(path.join(pkgDir, 'src', name), {
        swcrc: false,
        jsc: { target: 'es2022' },
        module: { type: 'commonjs' },
      });
      fs.writeFileSync(path.join(tmp, name), code);
    }
    fs.writeFileSync(path.join(tmp, 'package.json'), JSON.stringify({ type: 'commonjs', version }));
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(tmp, dir);
  }
  return {
    '^wouter$': path.join(dir, 'index.js'),
    '^wouter/use-browser-location$': path.join(dir, 'use-browser-location.js'),
    '^wouter/memory-location$': path.join(dir, 'memory-location.js'),
  };
}

module.exports = { esmOnlyPackageMapper: compileWouter };
