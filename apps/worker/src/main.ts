import 'reflect-metadata';
import { getPriority, setPriority } from 'os';
import { closeOnSignals, ConfigError, loadConfigOrExit } from '@solvr/server-core';
import { createWorker } from '@solvr/server-app';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  // Sending is background work: where the worker shares cores with the api, the api's requests go first.
  if (config.workerNice && getPriority() < config.workerNice) setPriority(config.workerNice);
  const app = await createWorker(config);
  closeOnSignals(app);
  await app.listen(config.workerPort, config.host);
  process.stdout.write(`Worker is processing jobs (health on port ${config.workerPort})\n`);
}

main().catch((err) => {
  process.stderr.write(err instanceof ConfigError ? `${err.message}\n` : `Failed to start: ${err?.message ?? err}\n`);
  process.exit(1);
});
