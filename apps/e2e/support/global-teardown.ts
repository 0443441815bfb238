import { rmSync } from 'node:fs';

export default async function globalTeardown() {
  for (const pid of [process.env.E2E_SITE_PID, process.env.E2E_OAUTH_PID, process.env.E2E_STRIPE_PID].map(Number)) {
    if (!pid) continue;
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
  if (process.env.E2E_DATA_DIR) rmSync(process.env.E2E_DATA_DIR, { recursive: true, force: true });
}
