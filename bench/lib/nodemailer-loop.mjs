// The campaign bench's reference: a bare nodemailer pooled loop sending LOOP_COUNT messages of the same size as
// the app's campaign mail, LOOP_CONCURRENCY in flight over LOOP_POOL connections. Prints "result {json}".
import nodemailer from 'nodemailer';

const count = Number(process.env.LOOP_COUNT);
const concurrency = Number(process.env.LOOP_CONCURRENCY);
const transport = nodemailer.createTransport({ url: process.env.LOOP_SMTP_URL, pool: true, maxConnections: Number(process.env.LOOP_POOL), maxMessages: 1000 });
const text = process.env.LOOP_TEXT;
const html = process.env.LOOP_HTML;
let next = 0;
const started = performance.now();
async function lane() {
  while (next < count) {
    const i = next++;
    await transport.sendMail({
      from: '"Solvr Team" <no-reply@localhost>',
      to: `loop${i}@bench-mail.local`,
      subject: 'Bench campaign',
      text,
      html,
      headers: { 'List-Unsubscribe': `<http://localhost/api/mail/unsubscribe?token=${i}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
  }
}
await Promise.all(Array.from({ length: concurrency }, lane));
const seconds = (performance.now() - started) / 1000;
transport.close();
process.stdout.write(`result ${JSON.stringify({ count, seconds })}\n`);
