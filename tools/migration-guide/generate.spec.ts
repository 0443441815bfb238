import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATION_GUIDE_BLOCKS } from '@solvr/contracts';

const ROOT = join(__dirname, '../..');
const GENERATED = join(ROOT, 'apps/portal/src/migration-guide/blocks.generated.ts');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** The generator's output, computed afresh (nothing is written). */
const fresh = execFileSync(process.execPath, [join(__dirname, 'generate.mjs'), '--stdout'], { cwd: ROOT, encoding: 'utf8' });
// Written by `nx run portal:guide`, which the portal's build and typecheck run first.
const generated = readFileSync(GENERATED, 'utf8');

interface Block {
  id: string;
  files: Array<{ path: string; language: string; code: string }>;
}
const blocks: Block[] = JSON.parse(fresh.slice(fresh.indexOf('= [') + 2, fresh.lastIndexOf(';')));
const block = (id: string) => blocks.find((b) => b.id === id) as Block;

describe('Migration Guide blocks (tools/migration-guide/generate.mjs)', () => {
  it('the blocks.generated.ts the portal is built from is what the generator makes of the current files (no drift)', () => {
    // On failure: the portal was built before a source changed; npx nx run portal:guide (or any portal build).
    expect(generated).toBe(fresh);
  });

  it('has every block of the spec, in order, none empty', () => {
    expect(blocks.map((b) => b.id)).toEqual([...MIGRATION_GUIDE_BLOCKS]);
    for (const b of blocks) {
      expect(b.files.length).toBeGreaterThan(0);
      for (const f of b.files) expect(f.code.trim()).not.toBe('');
    }
  });

  it("shows this repository's real files and commands", () => {
    expect(block('environment').files[0].code).toBe(read('.env.example').replace(/\s+$/, '') + '\n');
    expect(block('backend').files[1].code).toBe(read('apps/api/src/main.ts').replace(/\s+$/, '') + '\n');
    expect(JSON.parse(block('backend').files[0].code).scripts).toEqual(JSON.parse(read('package.json')).scripts);
    expect(block('container').files[0].code).toBe(read('deploy/docker/api.Dockerfile').replace(/\s+$/, '') + '\n');
    expect(block('container').files[1].code).toContain('dockerfile: deploy/docker/api.Dockerfile');
    expect(block('webServer').files[0].code).toBe(read('deploy/nginx/gateway.conf.template').replace(/\s+$/, '') + '\n');
    expect(block('deploy').files[0].code).toContain('kubectl apply -k k8s/overlays/prod');
    expect(block('sdk').files[0].code).toMatch(/createClient\(\{\n {2}serverUrl: 'https:\/\/solvr\.example\.com', \/\/ this server's PUBLIC_URL\n {2}appId: 'portal',/);
    expect(read('README.md')).toContain(block('sdk').files[0].code);
    expect(block('structure').files[0].code).toMatch(/apps\/\n(.*\n)*.*portal\/ +# portal/);
  });

  it('the SQL schema is what the migrations create', () => {
    const sql = block('schema').files[0].code;
    for (const table of ['users', 'auth_sessions', 'auth_tokens', 'mail_outbox', 'files', 'file_downloads', 'release_subscriptions', 'news']) {
      expect(sql).toContain(`CREATE TABLE "${table}"`);
    }
    expect(sql).toContain('"token_version" int NOT NULL DEFAULT (0)');
  });
});
