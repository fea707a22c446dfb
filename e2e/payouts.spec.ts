import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { E2eUser } from './support/fixtures';
import { payableHome, type PayableHome } from './support/payments';
import { signIn } from './support/session';
import { expectNoAccessibilityViolations } from './support/accessibility';
import { latestEmailTo, linkIn, mailboxMark, pathOf } from './support/mailbox';
import * as shots from './support/screenshots';

/**
 * Issue 12: a landlord's bank deposit is explained. Two tenants pay by card (sandbox), a developer
 * refunds one payment and pays out the landlord's balance from the sandbox money tools (/dev/sandbox),
 * and the landlord's Payouts page lists that deposit with its payments.
 */

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const main = (page: Page) => page.getByRole('main');

let home: PayableHome;
let fixtureRequests: APIRequestContext;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser, playwright, baseURL }) => {
  test.setTimeout(180_000);
  fixtureRequests = await playwright.request.newContext({ baseURL });
  home = await payableHome(browser, fixtureRequests, baseURL!);
});

test.afterAll(async () => {
  await fixtureRequests?.dispose();
});

/** The tenant pays `digits` dollars of rent with Stripe's test Visa on the payment screen. */
async function payRent(page: Page, tenant: E2eUser, digits: string, total: string) {
  await signIn(page, tenant, '/tenant/payment');
  await expect(heading(page)).toHaveText('Make a Payment');
  await page.keyboard.type(digits);
  await page.keyboard.press('Enter');
  await main(page).getByLabel('Card number').fill('4242 4242 4242 4242');
  await main(page).getByLabel('Expiry (MM/YY)').fill('12/34');
  await main(page).getByLabel('CVC').fill('123');
  await main(page).getByRole('button', { name: 'Review payment' }).click();
  await main(page).getByRole('button', { name: `Pay ${total}` }).click();
  await expect(heading(page)).toHaveText('Paid!');
}

test('the Payouts page lists a sandbox payout with the payments it is made of', async ({ browser }) => {
  test.setTimeout(240_000);
  const tess = await home.addTenant('Tess');
  const rob = await home.addTenant('Rob');
  for (const [tenant, digits, total] of [
    [tess, '1500', '$1,506.99'],
    [rob, '250', '$256.99'],
  ] as const) {
    const page = await (await browser.newContext({ viewport: { width: 375, height: 812 } })).newPage();
    await payRent(page, tenant, digits, total);
    await page.context().close();
  }

  // A developer works the sandbox provider as a person would: refund Rob, then pay out the balance.
  const tools = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await tools.goto('/dev/sandbox');
  await expect(tools.getByRole('heading', { level: 1 })).toHaveText('Sandbox money tools');
  const robsCharge = tools.getByRole('row').filter({ hasText: home.landlord.email }).filter({ hasText: '$256.99' });
  await expect(robsCharge).toHaveCount(1);
  await robsCharge.getByRole('button', { name: 'Refund' }).click();
  await expect(tools.getByRole('status')).toContainText('Refunded $256.99');
  await expect(tools.getByRole('row').filter({ hasText: '$256.99' }).first()).toContainText('Refunded');

  const balance = tools.locator('section', { has: tools.getByRole('heading', { name: 'Landlord balances' }) }).getByRole('row').filter({ hasText: home.landlord.email });
  await balance.getByRole('button', { name: 'Pay out' }).click();
  await expect(tools.getByRole('status')).toContainText('Paid out');
  const paidOut = (await tools.getByRole('status').textContent())!.match(/Paid out (\$[\d,.]+)/)![1];
  // The events reach our endpoint and the payout is recorded from the provider.
  await expect(async () => {
    await tools.reload();
    await expect(tools.locator('section', { has: tools.getByRole('heading', { name: 'Provider events received' }) }).getByRole('row').filter({ hasText: 'payout.paid' }).first()).toContainText('done');
  }).toPass({ timeout: 20_000 });
  await tools.context().close();

  // The landlord opens Payouts from the dashboard tile.
  const landlord = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(landlord, home.landlord);
  await main(landlord).getByRole('link', { name: /Payouts/ }).click();
  await expect(heading(landlord)).toHaveText('Payouts');
  const deposit = main(landlord).getByRole('article');
  await expect(deposit).toHaveCount(1);
  await expect(deposit.getByRole('heading', { name: paidOut })).toBeVisible();
  await expect(deposit.getByText('Paid', { exact: true })).toHaveCount(2);

  const table = deposit.getByRole('table');
  const rows = table.getByRole('row');
  await expect(rows.filter({ hasText: 'Tess Tenant' })).toContainText('12 Garden Street');
  await expect(rows.filter({ hasText: 'Tess Tenant' })).toContainText(/[A-Z][a-z]+ \d{4}/);
  await expect(rows.filter({ hasText: 'Tess Tenant' })).toContainText('$1,506.99 less');
  await expect(rows.filter({ hasText: /^Rob Tenant/ })).toContainText('$256.99 less');
  await expect(rows.filter({ hasText: 'Refund to Rob Tenant' })).toContainText('-$256.99');
  await expect(rows.filter({ hasText: 'Deposit total' })).toContainText(paidOut);

  await expectNoAccessibilityViolations(landlord);
  await shots.screenshots(landlord, (width) => `/tmp/payouts-shots/payouts-${width}.png`, [shots.PHONE_375, shots.DESKTOP]);
  await landlord.goto('/landlord/dashboard');
  await shots.screenshot(landlord, '/tmp/payouts-shots/dashboard-1280.png');
  await landlord.context().close();
});

test('a refunded payment the cardholder then disputes is flagged, and the landlord told what to answer', async ({ browser }) => {
  test.setTimeout(240_000);
  const uma = await home.addTenant('Uma');
  const payer = await (await browser.newContext({ viewport: { width: 375, height: 812 } })).newPage();
  await payRent(payer, uma, '300', '$306.99');
  await payer.context().close();

  // On Stripe a refunded charge can still be disputed; the sandbox's tools allow it too.
  const tools = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await tools.goto('/dev/sandbox');
  const umasCharge = () => tools.getByRole('row').filter({ hasText: home.landlord.email }).filter({ hasText: '$306.99' });
  await umasCharge().getByRole('button', { name: 'Refund' }).click();
  await expect(tools.getByRole('status')).toContainText('Refunded $306.99');
  const mark = await mailboxMark(fixtureRequests);
  await umasCharge().getByRole('button', { name: 'Open dispute' }).click();
  await expect(tools.getByRole('status')).toContainText('opened');
  await tools.context().close();

  const email = await latestEmailTo(fixtureRequests, home.landlord.email, { after: mark, timeoutMs: 30_000 });
  expect(email.subject).toMatch(/^Uma Tenant's refunded payment was disputed: answer by /);
  expect(email.text).toContain('submit evidence that the refund was issued');
  expect(email.text).toMatch(/- Refund of \$306\.99 on \w{3} \d{1,2}, \d{4}, reference re_sandbox_/);

  const landlord = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(landlord, home.landlord, '/landlord/payouts');
  const notice = main(landlord).getByRole('region', { name: 'Disputed after refund' });
  await expect(notice).toContainText('A refunded payment was disputed');
  await expect(notice).toContainText('Uma Tenant');
  await expect(notice).toContainText('Refunded $306.99 on');
  await expectNoAccessibilityViolations(landlord);
  await shots.screenshots(landlord, (width) => `/tmp/payouts-shots/disputed-after-refund-payouts-${width}.png`, [shots.PHONE_375, shots.DESKTOP]);

  // The email's receipt link and the notice's open the same receipt, flagged with what to answer.
  await notice.getByRole('link', { name: 'View receipt' }).click();
  await expect(landlord).toHaveURL(/\/landlord\/payment-receipt\/[0-9a-f-]{36}$/);
  expect(pathOf(linkIn(email, new URL(landlord.url()).pathname))).toBe(new URL(landlord.url()).pathname);
  await expect(heading(landlord)).toHaveText('Payment Receipt');
  await expect(main(landlord).getByText('Disputed after refund', { exact: true }).first()).toBeVisible();
  await expect(main(landlord)).toContainText("the cardholder has also disputed it. Answer the dispute with the refund's proof to get the disputed amount back.");
  await expectNoAccessibilityViolations(landlord);
  await shots.screenshots(landlord, (width) => `/tmp/payouts-shots/disputed-after-refund-receipt-${width}.png`, [shots.PHONE_375, shots.DESKTOP]);
  await landlord.context().close();
});
