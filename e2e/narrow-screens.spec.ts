import { expect, test, type Page } from '@playwright/test';
import { createUser, type UserType } from './support/fixtures';
import { DASHBOARD, signIn } from './support/session';

/**
 * The narrowest phone the product serves (the spec's keypad screen fits 320 x 568): no page may
 * scroll sideways, for anyone. The pages are found as a person finds them, by following links from
 * where each role starts, so a new page is checked without editing this file.
 */
test.use({ viewport: { width: 320, height: 568 } });

const DEMO_PASSWORD = 'rentwise-demo-2019';
const DEMO: Partial<Record<UserType, string>> = {
  landlord: 'landlord@rentwise.demo',
  tenant: 'tenant@rentwise.demo',
  operator: 'operator@rentwise.demo',
};
/** Pages of one kind are checked once: an id or a number in the path stands for every other. */
const kindOf = (path: string) => path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id').replace(/\/\d+(?=\/|$)/g, '/:n');
const MAX_PAGES = 40;

/** How far the page reaches past the window's right edge, in CSS pixels (0 when it fits). */
async function overflowOf(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Same-origin page links on the page, for `prefixes`, without downloads or the API. */
async function linksOn(page: Page, prefixes: string[]): Promise<string[]> {
  const hrefs = await page.locator('a[href^="/"]').evaluateAll((anchors) =>
    anchors.filter((anchor) => !anchor.hasAttribute('download')).map((anchor) => anchor.getAttribute('href')!),
  );
  return hrefs.filter((href) => !href.startsWith('/api/') && prefixes.some((prefix) => href === prefix || href.startsWith(prefix)));
}

async function crawl(page: Page, start: string, prefixes: string[]): Promise<{ path: string; overflow: number }[]> {
  const seen = new Set<string>();
  const queue = [start];
  const results: { path: string; overflow: number }[] = [];
  while (queue.length > 0 && results.length < MAX_PAGES) {
    const path = queue.shift()!;
    if (seen.has(kindOf(path))) continue;
    seen.add(kindOf(path));
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
    // Lazy chunks, fonts and data have arrived: the layout is the one a person sees.
    await page.waitForLoadState('networkidle');
    results.push({ path, overflow: await overflowOf(page) });
    for (const href of await linksOn(page, prefixes)) if (!seen.has(kindOf(href))) queue.push(href);
  }
  return results;
}

test('no public page scrolls sideways at 320 px', async ({ page }) => {
  const pages = await crawl(page, '/', ['/']);
  await crawlExtra(page, pages, ['/how-it-works?showpage=yessir', '/sign-up', '/forgot-password', '/password-reset-success', '/landlord/registered']);
  expect(pages.length).toBeGreaterThanOrEqual(6);
  expect(pages.filter(({ overflow }) => overflow > 0)).toEqual([]);
});

async function crawlExtra(page: Page, pages: { path: string; overflow: number }[], paths: string[]) {
  for (const path of paths.filter((extra) => !pages.some((checked) => checked.path === extra))) {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    pages.push({ path, overflow: await overflowOf(page) });
  }
}

for (const type of ['landlord', 'tenant', 'operator', 'finance'] as const) {
  test(`no page of a signed-in ${type} scrolls sideways at 320 px`, async ({ page }) => {
    test.setTimeout(360_000);
    const person = DEMO[type] ? { email: DEMO[type], password: DEMO_PASSWORD, type } : await createUser(page.request, { type });
    await signIn(page, person);
    const prefix = `/${type === 'finance' ? 'finance' : type}`;
    const pages = await crawl(page, DASHBOARD[type], [prefix]);
    test.info().annotations.push({ type: 'pages', description: pages.map(({ path }) => path).join(' ') });
    expect(pages.length).toBeGreaterThanOrEqual(type === 'finance' ? 1 : 3);
    expect(pages.filter(({ overflow }) => overflow > 0)).toEqual([]);
  });
}
