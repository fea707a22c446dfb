import axe from 'axe-core';
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

/**
 * The page's axe violations as it stands, each with the elements it names. axe-core is run in the page
 * directly, once loaded into it: @axe-core/playwright's AxeBuilder took 2 to 3 s a check on a page axe
 * itself checks in 0.2 s (it evaluates axe's 550 KB source twice a check and opens a blank page to merge
 * the frames' results), which was over a minute of each browser lane. Frames are not descended into:
 * the only ones the product shows are the card providers' own, cross-origin forms.
 */
async function accessibilityViolations(page: Page, { blockingOnly }: { blockingOnly: boolean }): Promise<string[]> {
  await animationsSettled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const { axe: inPage } = window as unknown as { axe: typeof axe };
    const results = await inPage.run(document, { iframes: false, resultTypes: ['violations'] });
    return results.violations.map(({ id, help, impact, nodes }) => ({ id, help, impact, targets: nodes.map((node) => node.target.join(' ')) }));
  });
  return violations
    .filter((violation) => !blockingOnly || violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.targets.join(', ')})`);
}

/** No accessibility violation at all on the page as it is now. */
export async function expectNoAccessibilityViolations(page: Page): Promise<void> {
  expect(await accessibilityViolations(page, { blockingOnly: false })).toEqual([]);
}

/** No serious or critical accessibility problem on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await accessibilityViolations(page, { blockingOnly: true })).toEqual([]);
}
