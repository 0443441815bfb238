import 'reflect-metadata';
import { ConfigError, loadConfigOrExit } from '@solvr/server-core';
import { createWorker } from './bootstrap';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await createWorker(config);
  const port = Number(process.env.WORKER_PORT ?? 3001);
  await app.listen(port, config.host);
  process.stdout.write(`Worker is processing jobs (health on port ${port})\n`);
}

main().catch((err) => {
  process.stderr.write(err instanceof ConfigError ? `${err.message}\n` : `Failed to start: ${err?.message ?? err}\n`);
  process.exit(1);
});
