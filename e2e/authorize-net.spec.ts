import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { MESSAGES } from '@rentwise/libs/messages';
import { CARD_PROVIDERS, useCardProviders } from './support/card-providers';
import { createUser, E2E_PASSWORD, uniqueEmail, type E2eUser } from './support/fixtures';
import { latestEmailTo, linkIn } from './support/mailbox';
import { apiAs } from './support/payments';
import { signIn, signInThroughPage } from './support/session';
import * as shots from './support/screenshots';

/**
 * Issue 14: a landlord an operator has put on the second card gateway (Authorize.Net, its offline
 * sandbox here), like the demo's Marcus Bell, with their own merchant account (issue 38: the landlord
 * enters its keys on their Authorize.Net page); their tenant pays on the direct screen with the
 * sandbox test card 4111 1111 1111 1111, meets each of the screen's messages (also at 360 px, where
 * the card's fields stand apart), and the receipt and the landlord's history show the payment.
 * Run again with E2E_CARD_PROVIDERS=stand-ins, the card goes through Accept.js (its stand-in) to the
 * tests' fake Authorize.Net, under the production CSP (support/card-providers.ts).
 */

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const main = (page: Page) => page.getByRole('main');
const toast = (page: Page) => page.locator('.toast-region');

async function activateFromEmail(request: APIRequestContext, email: string): Promise<void> {
  const link = new URL(linkIn(await latestEmailTo(request, email), '/account/create-password'));
  const address = Buffer.from(link.searchParams.get('email')!, 'base64url').toString('utf8');
  const response = await request.post('/api/account/set-password', {
    data: { email: address, token: link.searchParams.get('token'), password: E2E_PASSWORD, confirmPassword: E2E_PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function screenshots(page: Page, name: string) {
  // Taken once, in the sandbox run: the page is the same with real keys.
  if (CARD_PROVIDERS === 'stand-ins') return;
  await shots.screenshots(page, (width) => `/tmp/authorize-net-shots/${name}-${width}.png`, [shots.PHONE_320, shots.PHONE_360, shots.DESKTOP]);
}

/** The keys of the tests' fake Authorize.Net (scripts/e2e-server.js starts it with these) in the stand-ins run. */
const FAKE_AUTHORIZE_NET_KEYS = {
  apiLoginId: 'rentwiseE2E',
  transactionKey: 'e2eTransactKey16',
  signatureKey: 'E2E0'.repeat(32),
  publicClientKey: 'rentwiseE2EPublicClientKey',
};

/** The landlord connects their own Authorize.Net account on its page: the offline sandbox's keys, or the fake's. */
async function connectAuthorizeNetOnPage(browser: Browser, baseURL: string, landlord: E2eUser): Promise<void> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInThroughPage(page, landlord);
  await page.goto('/landlord/authorize-net');
  if (CARD_PROVIDERS === 'stand-ins') {
    await page.getByLabel('API Login ID').fill(FAKE_AUTHORIZE_NET_KEYS.apiLoginId);
    await page.getByLabel('Transaction Key').fill(FAKE_AUTHORIZE_NET_KEYS.transactionKey);
    await page.getByLabel('Signature Key').fill(FAKE_AUTHORIZE_NET_KEYS.signatureKey);
    await page.getByLabel('Public Client Key').fill(FAKE_AUTHORIZE_NET_KEYS.publicClientKey);
  } else {
    await page.getByRole('button', { name: 'Fill in sandbox keys' }).click();
    await expect(page.getByLabel('API Login ID')).not.toHaveValue('');
  }
  await page.getByRole('button', { name: 'Save Keys' }).click();
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.authorizeNetAccountSaved })).toBeVisible();
  // The secret keys are never shown back.
  await expect(page.getByLabel('Transaction Key')).toHaveValue('');
  await expect(page.getByRole('main')).not.toContainText(FAKE_AUTHORIZE_NET_KEYS.transactionKey);
  await context.close();
}

useCardProviders(test);

test('a tenant of an Authorize.Net landlord pays on the Authorize.Net screen, and the receipt and the landlord’s history show it', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  // The landlord, their property and tenant, made through the product's own endpoints.
  const landlord = await createUser(request, { type: 'landlord', firstName: 'Marcus', lastName: 'Bell' });
  const landlordApi = await apiAs(baseURL!, landlord);
  const { property } = (await landlordApi.post('/api/landlord/properties', {
    line1: '9 Orchard Lane', line2: '', city: 'Madison', state: 'WI', zip: '53703', rent: '1,200',
  })) as { property: { propertyId: string } };
  const tenantEmail = uniqueEmail('tenant');
  await landlordApi.post(`/api/landlord/properties/${property.propertyId}/tenants`, {
    firstName: 'Alex', lastName: 'Kim', email: tenantEmail, confirmEmail: tenantEmail, phone: '(608) 555-0142',
  });
  await activateFromEmail(request, tenantEmail);
  await landlordApi.context.dispose();
  const tenant: E2eUser = { userId: '', type: 'tenant', email: tenantEmail, password: E2E_PASSWORD, firstName: 'Alex', lastName: 'Kim', phone: '' };

  // The landlord connects their own merchant account; an operator then puts them on Authorize.Net.
  await connectAuthorizeNetOnPage(browser, baseURL!, landlord);
  const operator = await apiAs(baseURL!, await createUser(request, { type: 'operator' }));
  const csrf = (await operator.context.storageState()).cookies.find((cookie) => cookie.name === 'rw_csrf')!.value;
  const put = await operator.context.put(`/api/operator/landlords/${landlord.userId}/card-gateway`, {
    data: { gateway: 'authorize_net' }, headers: { 'X-CSRF-Token': csrf },
  });
  expect(put.status(), await put.text()).toBe(200);
  const landlordPageAnswer = (await (await operator.get(`/api/operator/landlords/${landlord.userId}`)).json()) as {
    landlord: { cardGateway: string; cardGatewayChanges: { fromGateway: string; toGateway: string }[] };
  };
  expect(landlordPageAnswer.landlord.cardGateway).toBe('authorize_net');
  expect(landlordPageAnswer.landlord.cardGatewayChanges[0]).toMatchObject({ fromGateway: 'stripe', toGateway: 'authorize_net' });
  await operator.context.dispose();

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughPage(page, tenant);
  await expect(heading(page)).toHaveText('Make a Payment');

  // Less than $1 is refused on Continue.
  await page.keyboard.type('0.5');
  await main(page).getByRole('button', { name: 'Continue' }).click();
  await expect(toast(page)).toContainText('Your must enter at least $1');
  await page.reload();
  await expect(heading(page)).toHaveText('Make a Payment');
  await page.keyboard.type('1200');
  await main(page).getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page)).toHaveText('Card details');
  const sandboxBadge = main(page).getByText('Authorize.Net sandbox — test cards only');
  if (CARD_PROVIDERS === 'stand-ins') await expect(sandboxBadge).toHaveCount(0);
  else await expect(sandboxBadge).toBeVisible();

  const number = main(page).getByLabel('Card number');
  const expiry = main(page).getByLabel('Expiry (MM/YY)');
  const code = main(page).getByLabel('CVC');
  const cont = main(page).getByRole('button', { name: 'Continue' });
  await expect(number).toHaveAttribute('maxlength', '19');
  await expect(expiry).toHaveAttribute('maxlength', '5');
  await expect(code).toHaveAttribute('maxlength', '3');

  // One combined row from 375 px: each message under it, for its input.
  await expect(main(page).locator('.authorize-net-card__row')).toBeVisible();
  await cont.click();
  await expect(main(page).getByText('Your card number is incomplete.')).toBeVisible();
  await number.fill('4111 1111 1111 1111');
  await cont.click();
  await expect(main(page).getByText('Your card expiry is incomplete.')).toBeVisible();
  await expiry.fill('123');
  await cont.click();
  await expect(main(page).getByText('Card expiration format: MM/YY')).toBeVisible();
  await expiry.fill('12/34');
  await cont.click();
  await expect(main(page).getByText('Your security code is incomplete.')).toBeVisible();

  // At 360 px the number, expiry and code are separate fields, each with its own message.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(main(page).locator('.authorize-net-card__fields')).toBeVisible();
  await expect(main(page).locator('.authorize-net-card__row')).toHaveCount(0);
  await number.fill('4111 1111');
  await code.fill('12');
  await cont.click();
  await expect(main(page).getByText('Your card number is incomplete.')).toBeVisible();
  await expect(main(page).getByText('Your security code is incomplete.')).toBeVisible();
  await screenshots(page, 'authorize-net-card-errors');
  await page.setViewportSize({ width: 360, height: 740 });

  // A number the gateway refuses says the gateway's one message.
  await number.fill('4111 1111 1111 1112');
  await code.fill('123');
  await cont.click();
  await expect(toast(page)).toContainText('Error. Check your card information.');

  await number.fill('4111 1111 1111 1111');
  await cont.click();
  await expect(heading(page)).toHaveText('Confirm payment');
  await main(page).getByRole('button', { name: 'Pay $1,206.99' }).click();
  await expect(heading(page)).toHaveText('Paid!');
  await expect(main(page).getByText('$1,206.99', { exact: true })).toBeVisible();
  const receiptHref = await main(page).getByRole('link', { name: 'View receipt' }).getAttribute('href');
  const receiptId = receiptHref!.split('/').pop()!;

  await page.goto(`/tenant/payment-receipt/${receiptId}`);
  await expect(heading(page)).toHaveText('Payment Receipt');
  await expect(main(page)).toContainText('$1,206.99');
  await expect(main(page)).toContainText('Visa •••• 1111');

  // The landlord's receipt and history show it.
  const landlordPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(landlordPage, landlord, `/landlord/payment-receipt/${receiptId}`);
  await expect(heading(landlordPage)).toHaveText('Payment Receipt');
  await expect(main(landlordPage)).toContainText('$1,200.00');
  await landlordPage.goto(`/landlord/payment-history/${property.propertyId}`);
  // The payment's month shows what the landlord received (Full Amount Received or not depends on the
  // day: a month's rent is charged on its due date, and a new tenant's first month is pro-rated).
  const paymentMonth = main(landlordPage).getByRole('list', { name: 'Months' }).getByRole('link').first();
  await expect(async () => {
    await landlordPage.reload();
    await expect(paymentMonth).toContainText('$1,200.00', { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
});

test('the Authorize.Net card screen at 320, 360 and 1280 px', async ({ page, request, baseURL }) => {
  // Screenshots to look at (not compared), of the empty card step: the journey above fills the same
  // step in, so this one runs only when its pictures are kept (E2E_SCREENSHOTS=1), in the sandbox run.
  test.skip(!shots.SCREENSHOTS_WANTED || CARD_PROVIDERS === 'stand-ins', 'screenshots only: with E2E_SCREENSHOTS=1, in the sandbox run');
  const landlord = await createUser(request, { type: 'landlord' });
  const landlordApi = await apiAs(baseURL!, landlord);
  const { property } = (await landlordApi.post('/api/landlord/properties', {
    line1: '9 Orchard Lane', line2: '', city: 'Madison', state: 'WI', zip: '53703', rent: '1,200',
  })) as { property: { propertyId: string } };
  const tenantEmail = uniqueEmail('tenant');
  await landlordApi.post(`/api/landlord/properties/${property.propertyId}/tenants`, {
    firstName: 'Alex', lastName: 'Kim', email: tenantEmail, confirmEmail: tenantEmail, phone: '(608) 555-0142',
  });
  await activateFromEmail(request, tenantEmail);
  await landlordApi.put('/api/landlord/authorize-net-account', await landlordApi.post('/api/sandbox/authorize-net/merchants', {}));
  const operator = await apiAs(baseURL!, await createUser(request, { type: 'operator' }));
  const csrf = (await operator.context.storageState()).cookies.find((cookie) => cookie.name === 'rw_csrf')!.value;
  await operator.context.put(`/api/operator/landlords/${landlord.userId}/card-gateway`, { data: { gateway: 'authorize_net' }, headers: { 'X-CSRF-Token': csrf } });
  await signInThroughPage(page, { email: tenantEmail, password: E2E_PASSWORD, type: 'tenant' });
  await expect(heading(page)).toHaveText('Make a Payment');
  await page.keyboard.type('1200');
  await main(page).getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page)).toHaveText('Card details');
  await screenshots(page, 'authorize-net-card');
});
