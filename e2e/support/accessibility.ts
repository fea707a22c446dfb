import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Waits until entrance animations end (a toast fading in): axe measures contrast as painted, and text
 * half faded in fails it. Endless animations (spinners) are left running.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** The page's axe violations as it stands, each with the elements it names. */
async function accessibilityViolations(page: Page, { blockingOnly }: { blockingOnly: boolean }): Promise<string[]> {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => !blockingOnly || violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target).join(', ')})`);
}

/** No accessibility violation at all on the page as it is now. */
export async function expectNoAccessibilityViolations(page: Page): Promise<void> {
  expect(await accessibilityViolations(page, { blockingOnly: false })).toEqual([]);
}

/** No serious or critical accessibility problem on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await accessibilityViolations(page, { blockingOnly: true })).toEqual([]);
}
