import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/accessibility';
import type { E2eUser } from './support/fixtures';
import { payableHome, type PayableHome } from './support/payments';
import { signIn, signInThroughPage } from './support/session';
import * as shots from './support/screenshots';

/**
 * Issue 38: a landlord records a check a tenant handed them, and the tenant finds it in their payment
 * history with a receipt (New York requires one for cash); the landlord voids it with a reason and the
 * receipt says so. A landlord of the file's own (payableHome), not the demo's: the other journeys of
 * the lane check the demo tenants' balances and histories, which a recorded check would change.
 */

const SHOTS = '/tmp/recorded-payments-shots';
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const main = (page: Page) => page.getByRole('main');
const field = (page: Page, label: string) => main(page).locator('.receipt__row', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');

// From the top, nothing focused: the page as a person first sees it (the sticky header stays at the top).
const screenshots = (page: Page, name: string) =>
  shots.screenshots(page, (width) => `${SHOTS}/${name}-${width}.png`, [shots.PHONE_375, shots.DESKTOP], { restore: true, fromTop: true });

let home: PayableHome;
let tenant: E2eUser;
let fixtureRequests: APIRequestContext;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser, playwright, baseURL }) => {
  test.setTimeout(180_000);
  fixtureRequests = await playwright.request.newContext({ baseURL });
  home = await payableHome(browser, fixtureRequests, baseURL!);
  tenant = await home.addTenant('Rosa');
});

test.afterAll(async () => {
  await fixtureRequests?.dispose();
});

test.use({ viewport: { width: 375, height: 812 } });

test('the landlord records a check from the tenant’s ledger, and the tenant sees it with a receipt', async ({ page }) => {
  await signIn(page, home.landlord, `/landlord/property/${home.propertyId}/tenants`);
  await main(page).getByRole('link', { name: 'Ledger of Rosa Tenant' }).click();
  await expect(heading(page)).toHaveText('Rosa Tenant’s ledger');
  await main(page).getByRole('link', { name: 'Record a Payment' }).click();

  await expect(heading(page)).toHaveText('Record a Payment');
  await expect(main(page).getByRole('radio', { name: 'Check' })).toBeChecked();
  await main(page).getByRole('textbox', { name: 'Amount' }).fill('1,500');
  // Without its number a check is refused before anything is sent.
  await main(page).getByRole('button', { name: 'Record Payment' }).click();
  await expect(main(page).getByText('Please enter the check number.')).toBeVisible();
  await main(page).getByRole('textbox', { name: 'Check number' }).fill('1042');
  await expectNoAccessibilityViolations(page);
  await screenshots(page, 'record-payment');
  await main(page).getByRole('button', { name: 'Record Payment' }).click();

  // Back on the ledger: the check takes the month's rent off the balance, with its receipt beside it.
  await expect(heading(page)).toHaveText('Rosa Tenant’s ledger');
  await expect(page.getByText('Payment recorded.')).toBeVisible();
  const line = main(page).getByRole('row', { name: /Check #1042, recorded by landlord/ });
  await expect(line).toContainText('−$1,500.00');
  await expect(line.getByRole('button', { name: 'Void payment of $1,500.00' })).toBeVisible();
  await screenshots(page, 'ledger-with-check');

  await page.context().clearCookies();
  await signInThroughPage(page, tenant);
  await page.goto('/tenant/payment-history');
  await expect(heading(page)).toHaveText('Payment History');
  const row = main(page).getByRole('link', { name: /Check #1042, recorded by landlord/ });
  await expect(row).toContainText('Recorded by landlord');
  await expect(row).toContainText('$1,500.00');
  await row.click();

  await expect(heading(page)).toHaveText('Payment Receipt');
  await expect(field(page, 'Status')).toHaveText('Recorded by landlord');
  await expect(field(page, 'Amount Paid')).toHaveText('$1,500.00');
  await expect(field(page, 'Payment Method')).toHaveText('Check #1042');
  await expect(field(page, 'Recorded By')).toHaveText('Lena Landlord');
  await expect(field(page, 'Period Covered')).toHaveText(/^[A-Z][a-z]+ \d{4}$/);
  await expect(field(page, 'Date Received')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  await expectNoAccessibilityViolations(page);
  await screenshots(page, 'tenant-receipt');
});

test('the landlord voids the check with a reason, and the tenant’s receipt says why', async ({ page }) => {
  await signIn(page, home.landlord, `/landlord/property/${home.propertyId}/tenants`);
  await main(page).getByRole('link', { name: 'Ledger of Rosa Tenant' }).click();
  const line = main(page).getByRole('row', { name: /Check #1042, recorded by landlord/ });
  await line.getByRole('button', { name: 'Void payment of $1,500.00' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Void this $1,500.00 payment?' });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('The check bounced');
  await screenshots(page, 'void-dialog');
  await dialog.getByRole('button', { name: 'Void Payment' }).click();
  await expect(page.getByText('Payment voided.')).toBeVisible();
  await expect(main(page).getByRole('row', { name: /Recorded payment voided: The check bounced/ })).toContainText('$1,500.00');
  await expect(line.getByText('Voided')).toBeVisible();
  await expect(line.getByRole('button', { name: /Void/ })).toHaveCount(0);

  await page.context().clearCookies();
  await signInThroughPage(page, tenant);
  await page.goto('/tenant/payment-history');
  await main(page).getByRole('link', { name: /Check #1042, recorded by landlord/ }).click();
  await expect(heading(page)).toHaveText('Payment Receipt');
  await expect(field(page, 'Status')).toHaveText('Voided');
  await expect(main(page).getByText('Voided: The check bounced')).toBeVisible();
  await screenshots(page, 'tenant-receipt-voided');
});
