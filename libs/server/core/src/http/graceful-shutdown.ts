import type { INestApplication } from '@nestjs/common';
import closeWithGrace from 'close-with-grace';

/**
 * On SIGTERM, SIGINT (and the other termination signals) or a crash: stop taking connections, let Nest close modules
 * (queue, database, in-flight jobs), then exit (0 after a signal, 1 after an error). A second signal, or 25 s
 * without finishing, exits at once with 1 (close-with-grace).
 */
export function closeOnSignals(app: INestApplication, log: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): void {
  closeWithGrace({ delay: 25_000, logger: false }, async ({ signal, err }) => {
    log(err ? `${err.message}: shutting down` : `${signal ?? 'exit'} received: shutting down`);
    await app.close();
  });
}
