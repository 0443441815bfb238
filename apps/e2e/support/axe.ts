import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe-core's serious and critical violations on the page as a user reads it: after the animations that end (a
 * dialog fading in) have ended, so a half-faded colour is not measured; endless ones (spinners) are not waited for.
 * `exclude`: a selector axe cannot run inside (a script-less sandboxed frame).
 */
export async function seriousViolations(page: Page, where: string, { exclude = '' } = {}): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const builder = new AxeBuilder({ page });
  if (exclude) builder.exclude(exclude);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.impact} ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
