// An SMTP sink in its own process for the campaign bench: accepts every message, counts them, and answers
// GET /count on a small HTTP port. Prints "ready <smtpPort> <httpPort>".
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

let count = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  maxClients: 200,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      count++;
      callback();
    });
  },
});
// A sender that goes away mid-message resets its connection: an 'error' event, not a reason to stop the sink.
smtp.on('error', () => undefined);
const http = createServer((_req, res) => res.end(String(count)));
smtp.listen(0, '127.0.0.1', () => {
  http.listen(0, '127.0.0.1', () => {
    process.stdout.write(`ready ${smtp.server.address().port} ${http.address().port}\n`);
  });
});
process.on('SIGTERM', () => process.exit(0));
