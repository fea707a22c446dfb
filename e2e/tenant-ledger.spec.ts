import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expectNoAccessibilityViolations } from './support/accessibility';
import { signIn } from './support/session';
import * as shots from './support/screenshots';

/**
 * What is owed (issue 36, decision 0039): the demo tenant sees their balance on the dashboard and opens
 * their ledger of seven years (and its CSV); the demo landlord opens the same tenant's ledger.
 */

const DEMO_TENANT = { email: 'tenant@rentwise.demo', password: 'rentwise-demo-2019', type: 'tenant' as const };
const DEMO_LANDLORD = { email: 'landlord@rentwise.demo', password: 'rentwise-demo-2019', type: 'landlord' as const };
const SHOTS = '/tmp/tenant-ledger-shots';
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const main = (page: Page) => page.getByRole('main');

/**
 * The narrowest phone the product serves and a desktop: a person looks at these. A ledger's seven
 * years make a page metres long; its first screenful says how it reads.
 */
const screenshots = (page: Page, name: string, { fullPage = true } = {}) =>
  shots.screenshots(page, (width) => `${SHOTS}/${name}-${width}.png`, [shots.PHONE_320, shots.DESKTOP], { fullPage });

/** '$1,234.56' or '$250.00 credit' -> signed cents as the CSV writes them ('1234.56', '-250.00'). */
const csvFigure = (shown: string) => (shown.endsWith('credit') ? '-' : '') + shown.replace(/ credit$/, '').replace(/[$,]/g, '');

test.describe.configure({ mode: 'serial' });

test('the demo tenant sees the balance on the dashboard and opens the ledger, which downloads as CSV', async ({ page }) => {
  await signIn(page, DEMO_TENANT);
  const card = main(page).getByRole('region', { name: /Balance due|all paid up|Credit/ });
  await expect(card).toBeVisible();
  await expect(card.getByText('Next due')).toBeVisible();
  await expect(card.getByText('Last payment')).toBeVisible();
  await expect(card.getByText(/^(Paid|Processing|Failed|Refunded|Disputed)$/)).toBeVisible();
  await expect(card.getByRole('link', { name: 'Pay rent' })).toBeVisible();
  await expect(main(page).getByText('Pay your rent by card or bank account')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await screenshots(page, 'tenant-dashboard');

  await card.getByRole('link', { name: 'View ledger' }).click();
  await expect(heading(page)).toHaveText('Ledger');
  const table = main(page).getByRole('table', { name: 'Your ledger, newest first' });
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  await expect(table.getByRole('rowheader', { name: /^Rent for \w+ \d{4}$/ }).first()).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'Payment' }).first()).toBeVisible();
  await expectNoAccessibilityViolations(page);
  const newestBalance = (await rows.first().locator('.ledger-table__balance').innerText()).replace(/^Balance\s*/, '');
  await screenshots(page, 'tenant-ledger', { fullPage: false });
  // About two years on screen; the rest of seven years of monthly charges and payments on request.
  await main(page).getByRole('button', { name: /^Show \d+ earlier lines$/ }).click();
  expect(await rows.count()).toBeGreaterThan(150);

  const [download] = await Promise.all([page.waitForEvent('download'), main(page).getByRole('link', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('rentwise-ledger-1428-elm-street.csv');
  const csv = readFileSync(await download.path(), 'utf8').split('\r\n');
  expect(csv[0]).toBe('Rentwise tenant ledger');
  expect(csv).toContain('Date,What,Amount,Balance');
  // Oldest first: the last line's balance is the newest on the screen, and the balance of the header.
  const lastLine = csv.filter(Boolean).at(-1)!;
  expect(lastLine.split(',').at(-1)).toBe(csvFigure(newestBalance));
  expect(csv.find((line) => line.startsWith('Balance,'))).toBe(`Balance,${csvFigure(newestBalance)}`);
});

test('the demo landlord opens a tenant’s ledger from the property’s tenants', async ({ page }) => {
  await signIn(page, DEMO_LANDLORD);
  const properties = await (await page.request.get('/api/landlord/properties')).json();
  const elm = (properties.rows as { propertyId: string; address: string }[]).find((row) => row.address.startsWith('1428 Elm Street'))!;
  await page.goto(`/landlord/property/${elm.propertyId}/tenants`);
  await page.getByRole('link', { name: 'Ledger of Sam Rivera' }).click();

  await expect(heading(page)).toHaveText('Sam Rivera’s ledger');
  const table = main(page).getByRole('table', { name: 'Sam Rivera’s ledger, newest first' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(main(page).getByRole('button', { name: /^Show \d+ earlier lines$/ })).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', /\/ledger\.csv$/);
  await expectNoAccessibilityViolations(page);
  await screenshots(page, 'landlord-ledger', { fullPage: false });
});
