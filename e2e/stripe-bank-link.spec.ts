import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CARD_PROVIDERS, useCardProviders } from './support/card-providers';
import { payableHome, type PayableHome } from './support/payments';
import { signInThroughPage } from './support/session';

/**
 * Tenants link a bank account with real Stripe keys (issue 35, decision 0038): Stripe.js's
 * collectBankAccountForSetup and confirmUsBankAccountSetup, through the stand-in of Stripe.js and its
 * Financial Connections modal served by the tests' fake Stripe, under the production CSP
 * (docs/decisions/0034). Only in the stand-ins run: the sandbox run links on the sandbox's own bank
 * page (bank-payments.spec.ts). One landlord for the file; each journey its own tenant.
 */

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const main = (page: Page) => page.getByRole('main');

let home: PayableHome;
let fixtureRequests: APIRequestContext;

test.skip(CARD_PROVIDERS !== 'stand-ins', 'real keys only: the sandbox run links on its own bank page (bank-payments.spec.ts)');
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser, playwright, baseURL }) => {
  if (CARD_PROVIDERS !== 'stand-ins') return;
  test.setTimeout(180_000);
  fixtureRequests = await playwright.request.newContext({ baseURL });
  home = await payableHome(browser, fixtureRequests, baseURL!);
});

test.afterAll(async () => {
  await fixtureRequests?.dispose();
});

useCardProviders(test);

test.use({ viewport: { width: 375, height: 812 } });

/** The tenant enters `digits` dollars, chooses Bank account and opens Stripe's bank link modal. */
async function openStripeBankLink(page: Page, firstName: string, digits: string) {
  await signInThroughPage(page, await home.addTenant(firstName));
  await expect(heading(page)).toHaveText('Make a Payment');
  await page.keyboard.type(digits);
  await page.keyboard.press('Enter');
  await expect(heading(page)).toHaveText('Card details');
  await main(page).getByRole('group', { name: 'Way to pay' }).getByRole('button', { name: /^Bank account / }).click();
  await expect(heading(page)).toHaveText('Bank account');
  await main(page).getByRole('button', { name: 'Link a bank account' }).click();
  return page.getByRole('dialog', { name: /Financial Connections stand-in/ });
}

test('a tenant links an account through Stripe’s modal, authorizes the debit and pays: Processing', async ({ page }) => {
  test.setTimeout(180_000);
  const modal = await openStripeBankLink(page, 'Lina', '1500');
  await modal.getByRole('button', { name: 'Test Institution ••••6789' }).click();
  await expect(modal).toBeHidden();

  await expect(main(page).getByText('STRIPE TEST BANK ••••6789')).toBeVisible();
  await main(page).getByRole('button', { name: 'Review payment' }).click();
  await expect(heading(page)).toHaveText('Confirm payment');
  await expect(main(page).locator('dl')).toContainText('Total debited$1,500.00');
  await main(page).getByRole('checkbox', { name: 'I authorize this debit' }).check();
  await main(page).getByRole('button', { name: 'Pay $1,500.00' }).click();

  await expect(heading(page)).toHaveText('Processing');
  await expect(main(page).locator('.pay-success__amount')).toHaveText('$1,500.00');
});

test('an account typed in by hand waits for its microdeposits: the notice links to Stripe’s verification page', async ({ page }) => {
  test.setTimeout(120_000);
  const modal = await openStripeBankLink(page, 'Milo', '900');
  await modal.getByRole('button', { name: 'Enter bank details manually' }).click();
  await expect(modal).toBeHidden();

  await expect(main(page).getByText('STRIPE TEST BANK ••••6789 needs to be verified before you can pay from it')).toBeVisible();
  await expect(main(page).getByRole('link', { name: /Verify the deposit on Stripe/ })).toHaveAttribute('href', /^https:\/\/payments\.stripe\.com\/microdeposit\//);
  await expect(main(page).getByRole('button', { name: 'Review payment' })).toHaveCount(0);
  await expect(main(page).getByRole('button', { name: 'Pay by card instead' })).toBeVisible();
});
