// An SMTP sink in its own process for the campaign bench: the tests' sink (libs/testing), counting without keeping,
// and GET /count on a small HTTP port. Prints "ready <smtpPort> <httpPort>".
import { createServer } from 'node:http';
import { createJiti } from 'jiti';

const { startSmtpSink } = await createJiti(import.meta.url).import('../../libs/testing/src/smtp-sink.ts');
const sink = await startSmtpSink({ keep: false, maxClients: 200 });
const http = createServer((_req, res) => res.end(String(sink.count)));
http.listen(0, '127.0.0.1', () => {
  process.stdout.write(`ready ${new URL(sink.url).port} ${http.address().port}\n`);
});
process.on('SIGTERM', () => process.exit(0));
