import { spawnSync } from 'child_process';
import { join } from 'path';
import { lintAs, ROOT } from './lint-stdin';

const RULE = '@nx/enforce-module-boundaries';

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  return lintAs(file, code)
    .filter((m) => m.ruleId === RULE)
    .map((m) => m.message);
}

describe('module boundaries (lint)', () => {
  // The rule reads Nx's cached project graph; compute it first so a new project is never missed.
  beforeAll(() => {
    const graph = spawnSync(join(ROOT, 'node_modules/.bin/nx'), ['show', 'projects'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NX_DAEMON: 'false' } });
    expect(graph.status).toBe(0);
  });

  it('forbids contracts from importing anything of ours', async () => {
    const errors = await boundaryErrors('libs/contracts/src/probe.ts', "import { loadConfig } from '@solvr/server-core';\nexport const x = loadConfig;\n");
    // Everything depends on contracts, so the rule reports the cycle this import would make.
    expect(errors.join('\n')).toMatch(/Circular dependency between "contracts" and "server-core"/);
  });

  it('forbids the e2e suite from importing anything but contracts', async () => {
    const errors = await boundaryErrors('apps/e2e/src/probe.ts', "import { Button } from '@solvr/web-ui';\nexport const x = Button;\n");
    expect(errors.join('\n')).toMatch(/A project tagged with "scope:shared" can only depend on libs tagged with "scope:shared"/);
  });

  it('forbids the web from importing server code', async () => {
    const errors = await boundaryErrors('libs/web/ui/src/probe.ts', "import { StorageService } from '@solvr/server-storage';\nexport const x = StorageService;\n");
    expect(errors.join('\n')).toMatch(/A project tagged with "scope:web" can only depend on libs tagged with "scope:web", "scope:shared"/);
  });

  it('forbids a data lib from importing a ui lib', async () => {
    const errors = await boundaryErrors('libs/web/data/src/probe.ts', "import { Button } from '@solvr/web-ui';\nexport const x = Button;\n");
    expect(errors.join('\n')).toMatch(/A project tagged with "type:data" can only depend on libs tagged with "type:data", "type:contracts"/);
  });

  it('keeps test helpers out of the product: no feature or app imports them', async () => {
    const fromFeature = await boundaryErrors('libs/server/news/src/probe.ts', "import { createTestEnv } from '@solvr/server-testing';\nexport const x = createTestEnv;\n");
    expect(fromFeature.join('\n')).toMatch(/A project tagged with "type:feature" can only depend on libs tagged with "type:feature", "type:data", "type:ui", "type:contracts"/);
    const fromApp = await boundaryErrors('apps/api/src/probe.ts', "import { freePort } from '@solvr/testing';\nexport const x = freePort;\n");
    expect(fromApp.join('\n')).toMatch(/A project tagged with "type:app" can only depend on libs tagged with/);
  });

  it('lets a feature\'s e2e specs use the testing libs, the composition root and their feature', async () => {
    const spec = "import { createApi, createTestEnv } from '@solvr/server-testing';\nimport { PaymentsService } from '@solvr/server-payments';\nexport const x = [createApi, createTestEnv, PaymentsService];\n";
    expect(await boundaryErrors('libs/server/payments/e2e/probe.e2e.spec.ts', spec)).toEqual([]);
  });

  it('lets a feature import another only where the declared order (FEATURE_IMPORTS) says it may', async () => {
    const usersFromNews = await boundaryErrors('libs/server/news/src/probe.ts', "import { UsersService } from '@solvr/server-users';\nexport const x = UsersService;\n");
    expect(usersFromNews.join('\n')).toMatch(/A project tagged with "lib:server-news" can only depend on libs tagged with "type:data", "type:ui", "type:contracts"/);
    const filesFromNewsWeb = await boundaryErrors('libs/web/news/src/probe.ts', "import { useLibraryFilesInfiniteQuery } from '@solvr/web-files';\nexport const x = useLibraryFilesInfiniteQuery;\n");
    expect(filesFromNewsWeb.join('\n')).toMatch(/A project tagged with "lib:web-news" can only depend on libs tagged with "lib:web-accounts"/);
    expect(await boundaryErrors('libs/server/files/src/probe.ts', "import { UsersService } from '@solvr/server-users';\nexport const x = UsersService;\n")).toEqual([]);
  });

  it('allows the arrows that point the right way', async () => {
    expect(await boundaryErrors('libs/server/mail/src/probe.ts', "import { loadConfig } from '@solvr/server-core';\nexport const x = loadConfig;\n")).toEqual([]);
    expect(await boundaryErrors('apps/shell/src/probe.ts', "import { Button } from '@solvr/web-ui';\nexport const x = Button;\n")).toEqual([]);
  });
});
