// What the two commands share: argument parsing, and one line to stderr for a refusal (exit 1) or a usage error
// (exit 2), the stack only for an unexpected failure.
import { parseArgs } from 'node:util';

/** Parses argv with node:util's parseArgs and runs the command; exits with its outcome. */
export async function command(usage, options, body) {
  let parsed;
  try {
    parsed = parseArgs({ args: process.argv.slice(2), options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
  } catch (err) {
    process.stderr.write(`${err.message}\n${usage}\n`);
    process.exit(2);
  }
  if (parsed.values.help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  try {
    const code = await body(parsed.values, parsed.positionals);
    process.exit(code ?? 0);
  } catch (err) {
    if (err?.name === 'UsageError') {
      process.stderr.write(`${err.message}\n${usage}\n`);
      process.exit(2);
    }
    process.stderr.write(`✖ ${err?.name === 'Refusal' ? err.message : (err?.stack ?? err)}\n`);
    process.exit(1);
  }
}

export class UsageError extends Error {
  name = 'UsageError';
}
