import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Page } from '@playwright/test';

export interface ScreenSize {
  width: number;
  height: number;
}

export const PHONE_320: ScreenSize = { width: 320, height: 568 };
export const PHONE_360: ScreenSize = { width: 360, height: 740 };
export const PHONE_375: ScreenSize = { width: 375, height: 812 };
export const DESKTOP: ScreenSize = { width: 1280, height: 900 };

/**
 * Screenshots are for a person to look at (each page at phone and desktop widths, under /tmp/<spec>-shots),
 * never compared by a test. They are taken when E2E_SCREENSHOTS=1 (`npm run test:e2e:shots`); npm test
 * skips them: nobody looks at CI's, and about two hundred full-page captures cost its lanes minutes.
 */
export const SCREENSHOTS_WANTED = process.env.E2E_SCREENSHOTS === '1';

/** One capture of the page as it is, when screenshots are wanted. */
export async function screenshot(page: Page, path: string, options: { fullPage?: boolean; animations?: 'disabled' } = {}): Promise<void> {
  if (!SCREENSHOTS_WANTED) return;
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path, fullPage: options.fullPage ?? true, ...(options.animations && { animations: options.animations }) });
}

/**
 * The page at each size, full height, to `fileOf(width)`. The viewport ends at the last size, or as it
 * was with `restore`, whether or not screenshots are wanted, so the journey goes on the same either way.
 * `fromTop` shows the page as a person first sees it: nothing focused, scrolled to the top.
 */
export async function screenshots(
  page: Page,
  fileOf: (width: number) => string,
  sizes: readonly ScreenSize[],
  { fullPage = true, restore = false, fromTop = false }: { fullPage?: boolean; restore?: boolean; fromTop?: boolean } = {},
): Promise<void> {
  const before = page.viewportSize();
  if (SCREENSHOTS_WANTED) {
    for (const size of sizes) {
      await page.setViewportSize(size);
      if (fromTop) await blurAndScrollToTop(page);
      await screenshot(page, fileOf(size.width), { fullPage });
    }
  } else if (fromTop) {
    await blurAndScrollToTop(page);
  }
  const after = restore ? before : sizes[sizes.length - 1];
  const now = page.viewportSize();
  if (after && (after.width !== now?.width || after.height !== now?.height)) await page.setViewportSize(after);
}

async function blurAndScrollToTop(page: Page): Promise<void> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
}
