import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CARD_PROVIDERS, expectStripeCardElement, fillStripeCardElement, useCardProviders } from './support/card-providers';
import { payableHome, type PayableHome } from './support/payments';
import { signIn } from './support/session';

/**
 * Tenants save a card for autopay with real Stripe keys (issue 37, decision 0042): Stripe's card
 * Element on the Autopay page confirms the server's SetupIntent with Stripe.js's confirmCardSetup, on
 * the landlord's connected account, through the stand-in of Stripe.js served by the tests' fake Stripe,
 * under the production CSP (docs/decisions/0034). Only in the stand-ins run: the sandbox run saves its
 * card on the sandbox's own form and charges it on the debit day (autopay.spec.ts).
 */

const main = (page: Page) => page.getByRole('main');

let home: PayableHome;
let fixtureRequests: APIRequestContext;

test.skip(CARD_PROVIDERS !== 'stand-ins', 'real keys only: the sandbox run saves its card on the sandbox’s own form (autopay.spec.ts)');

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

test('a tenant saves a card through Stripe’s card Element, a declined one refused, and turns autopay on with it', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, await home.addTenant('Remy'), '/tenant/autopay');
  const payFrom = main(page).getByRole('group', { name: 'Pay from' });
  await payFrom.getByRole('group', { name: 'Bank account or card' }).getByRole('button', { name: /^Card / }).click();
  await payFrom.getByRole('button', { name: 'Add a card' }).click();
  const adding = main(page).getByRole('region', { name: 'Add a card' });
  await expectStripeCardElement(page);

  // A card its bank always declines is declined as it is saved, and nothing is kept.
  await fillStripeCardElement(page, { number: '4000 0000 0000 0002', expiry: '12 / 34', cvc: '123', postalCode: '62704' });
  await adding.getByRole('button', { name: 'Save card' }).click();
  await expect(adding.getByRole('alert')).toHaveText('Your card was declined.');

  await fillStripeCardElement(page, { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', postalCode: '62704' });
  await adding.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Visa •••• 4242 is saved.' })).toBeVisible();
  await expect(adding).toBeHidden();
  await expect(payFrom.getByRole('radio')).toHaveCount(1);
  await expect(payFrom.getByRole('radio', { name: 'Visa •••• 4242 Expires 12/34' })).toBeChecked();

  const form = main(page).getByRole('form', { name: 'Turn on autopay' });
  await expect(form.getByTestId('autopay-mandate')).toContainText('to charge my Visa card ending in 4242 every month');
  await form.getByRole('checkbox', { name: 'I authorize these card payments' }).check();
  await form.getByRole('button', { name: 'Turn on autopay' }).click();
  await expect(main(page).getByRole('region', { name: 'Autopay is on' }).getByText('From Visa •••• 4242')).toBeVisible();
});
