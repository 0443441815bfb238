import 'reflect-metadata';
import type { AddressInfo } from 'net';
import { closeOnSignals, loadConfigOrExit } from '@solvr/server-core';
import { createApi } from '@solvr/server-app';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await createApi(config);
  closeOnSignals(app);
  await app.listen(config.port, config.host);
  const mode = config.redis ? 'services' : 'embedded';
  const { port } = app.getHttpServer().address() as AddressInfo;
  const url = config.port === 0 ? `http://localhost:${port}` : config.publicUrl;
  process.stdout.write(`${config.brand.product} is running on ${url} (${mode} mode, ${config.database.type})\n`);
}

main().catch((err) => {
  process.stderr.write(`Failed to start: ${err?.message ?? err}\n`);
  process.exit(1);
});
