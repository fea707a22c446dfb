import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expectNoAccessibilityViolations } from './support/accessibility';
import type { E2eUser } from './support/fixtures';
import { latestEmailTo, mailboxMark } from './support/mailbox';
import { apiAs, payableHome, type PayableHome } from './support/payments';
import { signIn } from './support/session';
import * as shots from './support/screenshots';

/**
 * A landlord refunds part of a payment from its receipt (issue 38, decision 0044) and the tenant sees
 * it. A home, tenant and payment of this file's own, on the sandbox gateway, so that no other spec's
 * demo payments or counts change.
 */

const main = (page: Page) => page.getByRole('main');

/** Screenshots to look at (not compared), at a phone's and a desktop's width. */
const screenshots = (page: Page, name: string) => shots.screenshots(page, (width) => `/tmp/refunds-shots/${name}-${width}.png`, [shots.PHONE_375, shots.DESKTOP]);

let home: PayableHome;
let tenant: E2eUser;
let receiptId: string;
let fixtureRequests: APIRequestContext;

test.beforeAll(async ({ browser, playwright, baseURL }) => {
  test.setTimeout(180_000);
  fixtureRequests = await playwright.request.newContext({ baseURL });
  home = await payableHome(browser, fixtureRequests, baseURL!);
  tenant = await home.addTenant('Rhea');
  // The tenant paid $1,500 by card (and the $6.99 fee), with Stripe's test Visa on the sandbox.
  const api = await apiAs(baseURL!, tenant);
  const card = (await api.post('/sandbox/v1/payment_methods', { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' })) as { id: string };
  const paid = (await api.post('/api/tenant/payments', { amountCents: 150_000, paymentMethodId: card.id, idempotencyKey: randomUUID() })) as {
    payment: { receiptId: string };
  };
  receiptId = paid.payment.receiptId;
  await api.context.dispose();
});

test.afterAll(async () => {
  await fixtureRequests?.dispose();
});

test('a landlord refunds part of a payment, seeing its cost first, and the tenant sees it on the history and the receipt', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, home.landlord, `/landlord/payment-receipt/${receiptId}`);
  await expect(main(page).getByText('$1,506.99 of this payment can be refunded to the tenant.')).toBeVisible();

  await main(page).getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Refund this payment?' });
  await expect(dialog.getByLabel('Amount to refund')).toHaveValue('1506.99');
  await dialog.getByLabel('Amount to refund').fill('200');
  // The hidden cost, before Confirm: the whole refund from the landlord's balance, neither fee back.
  const cost = dialog.getByText(/^The tenant gets \$200\.00 back\. Your balance pays \$200\.00\. Fees are not returned: the processor fee of \$[\d.,]+ and the platform fee of \$6\.99 stay paid\./);
  await expect(cost).toBeVisible();
  await dialog.getByLabel('Reason').fill('The dishwasher was out for two weeks');
  await expectNoAccessibilityViolations(page);
  await screenshots(page, 'landlord-confirm');

  const mark = await mailboxMark(fixtureRequests);
  await dialog.getByRole('button', { name: 'Refund $200.00' }).click();
  await expect(page.locator('.toast-region')).toContainText('Refund sent.');
  await expect(dialog).toBeHidden();
  const refunds = main(page).getByRole('region', { name: 'Refund' });
  await expect(refunds).toContainText('$200.00');
  await expect(refunds).toContainText('The dishwasher was out for two weeks');
  await expect(refunds).toContainText('Left of the payment$1,306.99');
  await expect(main(page).getByText('Partly refunded').first()).toBeVisible();
  await expect(main(page).getByText('$1,306.99 of this payment can be refunded to the tenant.')).toBeVisible();
  await screenshots(page, 'landlord-receipt');

  const email = await latestEmailTo(fixtureRequests, tenant.email, { after: mark });
  expect(email.subject).toBe('Lena Landlord refunded $200.00 of your rent payment');
  expect(email.text).toMatch(/Your landlord refunded \$200\.00 of your payment of \$1,506\.99 on \w{3} \d{1,2}, \d{4}: The dishwasher was out for two weeks/);

  const tenantContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const tenantPage = await tenantContext.newPage();
  await signIn(tenantPage, tenant, '/tenant/payment-history');
  const row = main(tenantPage).getByRole('link', { name: /View receipt/ }).first();
  await expect(row).toContainText('Partly refunded');
  await row.click();
  await expect(tenantPage).toHaveURL(`/tenant/payment-receipt/${receiptId}`);
  const tenantRefunds = main(tenantPage).getByRole('region', { name: 'Refund' });
  await expect(tenantRefunds).toContainText('The dishwasher was out for two weeks');
  await expect(tenantRefunds).toContainText('Paid, less refunds$1,306.99');
  await expect(main(tenantPage).getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await expectNoAccessibilityViolations(tenantPage);
  await screenshots(tenantPage, 'tenant-receipt');
  await tenantContext.close();
});
