import type { INestApplication } from '@nestjs/common';

/**
 * On SIGTERM/SIGINT: stop taking connections, let Nest close modules (queue, database, in-flight jobs),
 * then exit 0. A second signal, or 25 s without finishing, exits at once.
 */
export function closeOnSignals(app: INestApplication, log: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): void {
  let closing = false;
  const stop = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    log(`${signal} received: shutting down`);
    setTimeout(() => process.exit(1), 25_000).unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
