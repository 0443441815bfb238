#!/usr/bin/env node
// JSON Schemas of the API types in libs/contracts (their doc comments become descriptions), written to
// src/contract-schemas.generated.json for the OpenAPI document: the api's bundle has no TypeScript to read at run time.
//
//   node libs/server/api-docs/generate-schemas.mjs           # rewrite the generated file
//   node libs/server/api-docs/generate-schemas.mjs --check   # exit 1 when it differs from the contracts (drift)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGenerator } from 'ts-json-schema-generator';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const CONTRACTS = join(ROOT, 'libs/contracts/src');
export const OUTPUT = join(ROOT, 'libs/server/api-docs/src/contract-schemas.generated.json');
/** Types of the web's routing and server rendering: no route answers with them. */
const NOT_API = /^(Page|Ssr|Nav|Placeholder|Footer|AdminTab|SigninErrorCode|ProfileForm|ProfileErrors|Geo$|UploadDraft|UploadField|SignupInput)/;

function typeNames() {
  const names = [];
  for (const file of readdirSync(CONTRACTS).sort()) {
    if (!file.endsWith('.ts') || file.endsWith('.spec.ts')) continue;
    for (const m of readFileSync(join(CONTRACTS, file), 'utf8').matchAll(/^export (?:interface|type) (\w+)/gm)) {
      if (!NOT_API.test(m[1])) names.push(m[1]);
    }
  }
  return names;
}

export function generate() {
  const generator = createGenerator({
    path: join(CONTRACTS, 'index.ts'),
    tsconfig: join(ROOT, 'tsconfig.base.json'),
    expose: 'export',
    topRef: true,
    jsDoc: 'extended',
    skipTypeCheck: true,
    additionalProperties: true,
  });
  const definitions = {};
  for (const name of typeNames()) Object.assign(definitions, generator.createSchema(name).definitions);
  const sorted = Object.fromEntries(Object.keys(definitions).sort().map((name) => [name, definitions[name]]));
  return `${JSON.stringify(sorted, null, 1)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = generate();
  if (process.argv.includes('--check')) {
    if (readFileSync(OUTPUT, 'utf8') !== text) {
      process.stderr.write(`${OUTPUT} is out of date: run node libs/server/api-docs/generate-schemas.mjs\n`);
      process.exit(1);
    }
  } else writeFileSync(OUTPUT, text);
}
