import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/session';
import * as shots from './support/screenshots';

/**
 * Issue 36: the demo landlord sets a late fee on a property, the server's clock moves past the next
 * month's grace period (the dev-only /dev/clock, which also runs the charge and late fee job at once;
 * decision 0040), the fee is on the tenant's ledger, and the landlord waives it with a reason.
 */

const DEMO_LANDLORD = { email: 'landlord@rentwise.demo', password: 'rentwise-demo-2019', type: 'landlord' as const };
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const main = (page: Page) => page.getByRole('main');

/** Noon (UTC) on the 8th of next month: past the 7th, when rent due on the 1st with 5 days' grace is late in any US time zone. */
function pastNextMonthsGracePeriod(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 8, 12));
}

test.afterEach(async ({ request }) => {
  // The clock goes back for the journeys after this one, whatever happened here.
  await request.post('/dev/clock', { data: { reset: true } });
});

test('the demo landlord sets a late fee, passes the grace period on the clock, and waives the fee', async ({ page }, testInfo) => {
  await signIn(page, DEMO_LANDLORD, '/landlord/properties?mode=address');
  await main(page).getByRole('link', { name: /1428 Elm Street/ }).click();
  await expect(heading(page)).toHaveText('Update Property');
  const propertyId = /\/landlord\/property\/([^/]+)\/update/.exec(page.url())![1];
  await main(page).getByRole('link', { name: /Rent & late fees/ }).click();
  await expect(heading(page)).toHaveText('Rent & late fees');

  await main(page).getByRole('combobox', { name: 'Rent is due on' }).selectOption('1');
  await main(page).getByRole('radio', { name: /Charge late fees/ }).check();
  await main(page).getByRole('textbox', { name: 'Grace period' }).fill('5');
  await main(page).getByRole('textbox', { name: 'Flat fee' }).fill('50');
  await expect(page.getByTestId('initial-late-fee')).toHaveText('$50.00');
  await main(page).getByRole('textbox', { name: /Daily fee/ }).fill('5');
  await main(page).getByRole('textbox', { name: /Monthly cap/ }).fill('100');
  await expect(page.getByTestId('most-late-fees')).toHaveText('$100.00');
  await expect(main(page).getByText('Many states cap late fees')).toBeVisible();
  await shots.screenshots(page, (width) => testInfo.outputPath(`rent-terms-${width}.png`), [shots.PHONE_320, shots.DESKTOP], { fromTop: true });
  // Only the flat fee for this journey: one fee to find and waive.
  await main(page).getByRole('textbox', { name: /Daily fee/ }).fill('');
  await main(page).getByRole('textbox', { name: /Monthly cap/ }).fill('');
  await main(page).getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Successfully saved rent and late fees!')).toBeVisible();
  await expect(heading(page)).toHaveText('Update Property');
  await expect(main(page).getByRole('link', { name: /Rent & late fees/ })).toContainText('late fee $50.00 after 5 days’ grace');

  const tenants = await page.request.get(`/api/landlord/properties/${propertyId}/tenants`);
  const tenantId = (await tenants.json()).rows[0].tenantId as string;

  // Past next month's grace period: the job charges that month's rent and, unpaid, its late fee.
  const moved = await page.request.post('/dev/clock', { data: { to: pastNextMonthsGracePeriod(new Date()).toISOString() } });
  expect(moved.status(), await moved.text()).toBe(200);
  expect((await moved.json()).ran.lateFees).toBeGreaterThanOrEqual(1);

  // A session's hours have passed on the moved clock: sign in again.
  await signIn(page, DEMO_LANDLORD, `/landlord/property/${propertyId}/tenants/${tenantId}/ledger`);
  const feeRow = main(page).getByRole('row', { name: /Late fee/ }).first();
  await expect(feeRow).toContainText('$50.00');
  await feeRow.getByRole('button', { name: 'Waive late fee of $50.00' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Waive this $50.00 late fee?' });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('First late payment in seven years');
  await dialog.getByRole('button', { name: 'Waive Late Fee' }).click();
  await expect(page.getByText('Late fee waived.')).toBeVisible();
  const waiverRow = main(page).getByRole('row', { name: /Late fee waived/ }).first();
  await expect(waiverRow).toContainText('\u2212$50.00');
});
