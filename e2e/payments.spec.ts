import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createUser, type E2eUser } from './support/fixtures';
import { ageSessions, countPaymentsOf, payableHome, type PayableHome } from './support/payments';
import { signIn, signInThroughPage } from './support/session';
import { expectNoAccessibilityViolations } from './support/accessibility';
import { CARD_PROVIDERS, expectStripeCardElement, fillStripeCardElement, useCardProviders } from './support/card-providers';
import * as shots from './support/screenshots';

/**
 * Tenants pay rent by card (issue 11): the sandbox gateway with Stripe's documented test cards,
 * against the real product. One landlord with a connected sandbox payout account for the file;
 * each test gets its own tenant, so histories never mix. Run again with E2E_CARD_PROVIDERS=stand-ins,
 * the same journeys pay through Stripe.js (its stand-in) on a connected account at the tests' fake
 * Stripe, under the production CSP (support/card-providers.ts).
 */

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const main = (page: Page) => page.getByRole('main');
const toast = (page: Page) => page.locator('.toast-region');

/** Screenshots to look at (not compared), at the widths tenants and landlords use; the test goes on at `back`. */
async function screenshots(page: Page, name: string, back: { width: number; height: number }) {
  // Taken once, in the sandbox run: the pages are the same with real keys.
  if (CARD_PROVIDERS === 'stand-ins') return;
  await shots.screenshots(page, (width) => `/tmp/payments-shots/${name}-${width}.png`, [shots.PHONE_320, shots.PHONE_375, shots.DESKTOP]);
  await page.setViewportSize(back);
}

async function enterAmount(page: Page, digits: string) {
  await expect(heading(page)).toHaveText('Make a Payment');
  await page.keyboard.type(digits);
}

async function enterCard(page: Page, number: string) {
  if (CARD_PROVIDERS === 'stand-ins') {
    await fillStripeCardElement(page, { number, expiry: '12 / 34', cvc: '123', postalCode: '62704' });
  } else {
    await main(page).getByLabel('Card number').fill(number);
    await main(page).getByLabel('Expiry (MM/YY)').fill('12/34');
    await main(page).getByLabel('CVC').fill('123');
  }
  await main(page).getByRole('button', { name: 'Review payment' }).click();
}

let home: PayableHome;
let fixtureRequests: APIRequestContext;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser, playwright, baseURL }) => {
  test.setTimeout(180_000);
  // Lives for the whole file: each test adds its own tenant through it.
  fixtureRequests = await playwright.request.newContext({ baseURL });
  home = await payableHome(browser, fixtureRequests, baseURL!);
});

test.afterAll(async () => {
  await fixtureRequests?.dispose();
});

useCardProviders(test);

const PHONE_320 = { width: 320, height: 568 };

test.use({ viewport: PHONE_320 });

test('a tenant pays with 4242 4242 4242 4242 on a 320 px phone, then sees success, the history row and the receipt', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  const tenant = await home.addTenant('Tess');
  await signInThroughPage(page, tenant);

  // The keypad step fits the phone without scrolling, and the fee is said before anything else.
  await enterAmount(page, '1500');
  await expect(main(page).getByText('Total House Rent')).toBeVisible();
  await expect(main(page).getByTestId('entered-amount')).toHaveText('$1,500');
  expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true);
  await expectNoAccessibilityViolations(page);
  await screenshots(page, 'amount', PHONE_320);

  await page.keyboard.press('Enter');
  await expect(heading(page)).toHaveText('Card details');
  if (CARD_PROVIDERS === 'stand-ins') await expectStripeCardElement(page);
  else await expect(main(page).getByText('Sandbox — test cards only')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await enterCard(page, '4242 4242 4242 4242');

  await expect(heading(page)).toHaveText('Confirm payment');
  await expect(main(page).getByText('Processing fee')).toBeVisible();
  await expect(main(page).locator('dl')).toContainText('$6.99');
  await expect(main(page).locator('dl')).toContainText('$1,506.99');
  await expectNoAccessibilityViolations(page);
  await screenshots(page, 'confirm', PHONE_320);
  await main(page).getByRole('button', { name: 'Pay $1,506.99' }).click();

  await expect(heading(page)).toHaveText('Paid!');
  await expect(main(page).getByText('Your payment was successful')).toBeVisible();
  await expect(main(page).getByText('$1,506.99', { exact: true })).toBeVisible();
  await expect(toast(page)).toContainText('Payment succeeded!');
  await expectNoAccessibilityViolations(page);
  await screenshots(page, 'success', PHONE_320);
  const receiptHref = await main(page).getByRole('link', { name: 'View receipt' }).getAttribute('href');
  const receiptId = receiptHref!.split('/').pop()!;

  // 'All done!' starts again at zero.
  await main(page).getByRole('button', { name: 'All done!' }).click();
  await expect(main(page).getByTestId('entered-amount')).toHaveText('$0');

  // The history row leads to the receipt, and Go Back returns to the history.
  await page.goto('/tenant/payment-history');
  await expect(main(page).getByText('All transactions after July 1st 2023 include a $6.99 Processing Fee')).toBeVisible();
  const row = main(page).getByRole('link', { name: /View receipt/ });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('$1,506.99');
  await expect(row).toContainText('12 Garden Street');
  await expectNoAccessibilityViolations(page);
  await screenshots(page, 'history', PHONE_320);
  await row.click();
  await expect(heading(page)).toHaveText('Payment Receipt');
  const field = (label: string) => main(page).locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(field('Amount Paid')).toHaveText('$1,506.99');
  await expect(field('Paid By')).toHaveText('Tess Tenant');
  await expect(field('Paid To')).toHaveText('Lena Landlord');
  await expect(field('Payment Method')).toHaveText('Visa •••• 4242');
  await expect(main(page).getByRole('link', { name: home.landlord.email })).toHaveAttribute('href', `mailto:${home.landlord.email}`);
  await expect(main(page).getByRole('link', { name: '(503) 555-0199' })).toHaveAttribute('href', 'tel:+15035550199');
  await expectNoAccessibilityViolations(page);
  await screenshots(page, 'receipt-tenant', PHONE_320);
  await main(page).getByRole('link', { name: 'Go Back' }).click();
  await expect(page).toHaveURL('/tenant/payment-history');

  // A shared link works after a reload too.
  await page.goto(`/tenant/payment-receipt/${receiptId}`);
  await expect(field('Amount Paid')).toHaveText('$1,506.99');

  // The landlord sees what they received; another landlord and another tenant get 404.
  const landlordPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(landlordPage, home.landlord, `/landlord/payment-receipt/${receiptId}`);
  await expect(heading(landlordPage)).toHaveText('Payment Receipt');
  const landlordField = (label: string) =>
    main(landlordPage).locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(landlordField('Received')).toHaveText('$1,500.00');
  await expect(landlordField('Paid By')).toHaveText('Tess Tenant');
  await expect(main(landlordPage).getByText('Amount Paid', { exact: true })).toHaveCount(0);
  await expectNoAccessibilityViolations(landlordPage);
  await screenshots(landlordPage, 'receipt-landlord', { width: 1280, height: 900 });
  await landlordPage.context().close();

  const otherLandlord = await createUser(page.request, { type: 'landlord', firstName: 'Otto' });
  const otherLandlordPage = await (await browser.newContext()).newPage();
  await signIn(otherLandlordPage, otherLandlord, `/landlord/payment-receipt/${receiptId}`);
  await expect(main(otherLandlordPage).getByRole('heading', { name: 'Receipt not found' })).toBeVisible();
  await otherLandlordPage.context().close();

  const otherTenant = await home.addTenant('Olga');
  const otherTenantPage = await (await browser.newContext()).newPage();
  await signIn(otherTenantPage, otherTenant, `/tenant/payment-receipt/${receiptId}`);
  await expect(main(otherTenantPage).getByRole('heading', { name: 'Receipt not found' })).toBeVisible();
  await expectNoAccessibilityViolations(otherTenantPage);
  await otherTenantPage.context().close();
  expect(await countPaymentsOf(baseURL!, tenant)).toBe(1);
});

test('a declined card and one without funds show the provider’s messages, and nothing is recorded', async ({ page, baseURL }) => {
  const tenant: E2eUser = await home.addTenant('Dora');
  await signIn(page, tenant, '/tenant/payment');
  await enterAmount(page, '100');
  await page.keyboard.press('Enter');

  await enterCard(page, '4000 0000 0000 0002');
  await main(page).getByRole('button', { name: 'Pay $106.99' }).click();
  await expect(toast(page)).toContainText('Your card was declined.');
  await expect(heading(page)).toHaveText('Card details');
  // The message stays until dismissed: it is still there after the landlord flows' 3 seconds.
  await page.waitForTimeout(3500);
  await expect(toast(page)).toContainText('Your card was declined.');

  await enterCard(page, '4000 0000 0000 9995');
  await main(page).getByRole('button', { name: 'Pay $106.99' }).click();
  await expect(toast(page)).toContainText('Your card has insufficient funds.');
  await expect(toast(page)).not.toContainText('Your card was declined.');

  expect(await countPaymentsOf(baseURL!, tenant)).toBe(0);
  await page.goto('/tenant/payment-history');
  await expect(main(page).getByRole('heading', { name: 'No Payment History' })).toBeVisible();
});

test('a sign-in 30 minutes old is logged out when confirming, without a charge', async ({ page, baseURL }) => {
  const tenant = await home.addTenant('Stan');
  await signIn(page, tenant, '/tenant/payment');
  await enterAmount(page, '100');
  await page.keyboard.press('Enter');
  await enterCard(page, '4242 4242 4242 4242');
  await expect(heading(page)).toHaveText('Confirm payment');

  // The page loaded while the sign-in was fresh: the server's own check refuses it now.
  await ageSessions(tenant.email, 31);
  await main(page).getByRole('button', { name: 'Pay $106.99' }).click();
  await expect(toast(page)).toContainText('You need to log in again.');
  await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
  expect(await countPaymentsOf(baseURL!, tenant)).toBe(0);
});

test('a sign-in 30 minutes old is said as the payment screen opens; signing in again comes back to it', async ({ page }) => {
  const tenant = await home.addTenant('Sage');
  await signIn(page, tenant, '/tenant/dashboard');
  await ageSessions(tenant.email, 31);

  await page.goto('/tenant/payment');
  await expect(main(page).getByText('Sign in again before paying')).toBeVisible();
  await main(page).getByRole('button', { name: 'Sign in again' }).click();

  await expect(page).toHaveURL('/sign-in?again=payment');
  await expect(main(page).getByText('Sign in again to pay')).toBeVisible();
  await main(page).getByLabel('Email').fill(tenant.email);
  await main(page).getByLabel('Password').fill(tenant.password);
  await main(page).getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/tenant/payment');
  await expect(heading(page)).toHaveText('Make a Payment');
  await expect(main(page).getByText('Sign in again before paying')).toHaveCount(0);
});

test('a double click on Pay charges once', async ({ page, baseURL }) => {
  const tenant = await home.addTenant('Dan');
  await signIn(page, tenant, '/tenant/payment');
  await enterAmount(page, '250');
  await page.keyboard.press('Enter');
  await enterCard(page, '4242 4242 4242 4242');
  await main(page).getByRole('button', { name: 'Pay $256.99' }).dblclick();
  await expect(heading(page)).toHaveText('Paid!');
  expect(await countPaymentsOf(baseURL!, tenant)).toBe(1);
});

test('paying again within 10 minutes asks first: Don’t pay charges nothing, Pay again pays (issue 32)', async ({ page, baseURL }) => {
  const tenant = await home.addTenant('Rhea');
  await signIn(page, tenant, '/tenant/payment');
  await enterAmount(page, '100');
  await page.keyboard.press('Enter');
  await enterCard(page, '4242 4242 4242 4242');
  await main(page).getByRole('button', { name: 'Pay $106.99' }).click();
  await expect(heading(page)).toHaveText('Paid!');
  await main(page).getByRole('button', { name: 'All done!' }).click();

  // As a second tab would: a new payment, a new key.
  await enterAmount(page, '100');
  await page.keyboard.press('Enter');
  await enterCard(page, '4242 4242 4242 4242');
  await main(page).getByRole('button', { name: 'Pay $106.99' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Is this a second payment?' });
  await expect(dialog).toContainText('You paid $106.99 for this home less than a minute ago. Pay again?');
  await expect(dialog.getByRole('button', { name: 'Don’t pay' })).toBeFocused();
  await expectNoAccessibilityViolations(page);
  await screenshots(page, 'repeat-question', PHONE_320);
  await dialog.getByRole('button', { name: 'Don’t pay' }).click();
  await expect(dialog).toBeHidden();
  await expect(heading(page)).toHaveText('Confirm payment');
  expect(await countPaymentsOf(baseURL!, tenant)).toBe(1);

  await main(page).getByRole('button', { name: 'Pay $106.99' }).click();
  await dialog.getByRole('button', { name: 'Pay $106.99 again' }).click();
  await expect(heading(page)).toHaveText('Paid!');
  expect(await countPaymentsOf(baseURL!, tenant)).toBe(2);
});
