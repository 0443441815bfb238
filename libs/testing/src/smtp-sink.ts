import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The raw message with quoted-printable undone (soft line breaks, =XX). */
  text: string;
  /** Unfolded header lines, by lower-case name (the first of each). */
  headers: Record<string, string>;
  messageId: string;
}

export interface SmtpSinkOptions {
  /** Keep each accepted message (default); false only counts them, for runs of many thousands (the bench). */
  keep?: boolean;
  maxClients?: number;
}

/** A real SMTP server in the test process: it keeps what it accepts, and can refuse for a while. */
export interface SmtpSink {
  url: string;
  mails: ReceivedMail[];
  /** Refuse every message with this 4xx/5xx reply until set back to null. */
  refuse: string | null;
  /** Milliseconds to wait before accepting each message (a slow server). */
  delayMs: number;
  /** Messages accepted whole so far (kept or not). */
  count: number;
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtpSink(opts: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const keep = opts.keep ?? true;
  const sink: SmtpSink = {
    url: '',
    mails: [],
    refuse: null,
    delayMs: 0,
    count: 0,
    to: (address) => sink.mails.filter((m) => m.to.includes(address)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    maxClients: opts.maxClients ?? 100,
    onRcptTo(_address, _session, callback) {
      if (sink.refuse) {
        const err = Object.assign(new Error(sink.refuse), { responseCode: 451 });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => keep && chunks.push(c));
      stream.on('end', () => {
        // Only a message that arrived whole counts (a sender killed mid-DATA delivers nothing).
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) return callback(new Error('too big'));
        const accept = () => {
          sink.count += 1;
          if (keep) sink.mails.push(parsed(Buffer.concat(chunks).toString('utf8'), session.envelope.rcptTo.map((r) => r.address)));
          callback();
        };
        if (sink.delayMs) setTimeout(accept, sink.delayMs);
        else accept();
      });
    },
  });
  // A sender killed mid-session (the fault tests SIGKILL the worker) resets its connection; the server reports that
  // as an 'error' event, which without a listener would be thrown out of whichever test file happens to be running.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  sink.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return sink;
}

/** A message as the tests read it: unfolded headers, and the body with quoted-printable undone. */
function parsed(raw: string, to: string[]): ReceivedMail {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).toLowerCase()] ??= line.slice(i + 1).trim();
  }
  const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return { to, raw, text, headers, messageId: headers['message-id'] ?? '' };
}
