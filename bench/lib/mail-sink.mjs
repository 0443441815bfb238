// The bench SMTP sink (smtp-sink.mjs) as a process of its own, with the number of messages it has taken.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from './http.mjs';
import { startProcess, stopProcess } from './processes.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));

export async function startSmtpSink() {
  const sink = startProcess(process.execPath, [join(HERE, 'smtp-sink.mjs')], { cwd: join(HERE, '../..') });
  const m = await sink.waitForOutput(/ready (\d+) (\d+)/, 10_000);
  if (!m) throw new Error(`the SMTP sink did not start\n${sink.output()}`);
  const countUrl = `http://127.0.0.1:${m[2]}/`;
  return { url: `smtp://127.0.0.1:${m[1]}`, count: async () => Number((await request(countUrl)).body.toString()), stop: () => stopProcess(sink) };
}
