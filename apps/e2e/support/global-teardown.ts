import { rmSync } from 'node:fs';

export default async function globalTeardown() {
  const pid = Number(process.env.E2E_SITE_PID);
  if (pid) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
  if (process.env.E2E_DATA_DIR) rmSync(process.env.E2E_DATA_DIR, { recursive: true, force: true });
}
