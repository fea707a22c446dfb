import { expect, test as playwrightTest, type BrowserContext, type Page } from '@playwright/test';
import { serverEnvironment } from './fixtures';

/**
 * Which card forms the journeys meet (docs/decisions/0034): the sandboxes' own, as `npm start` runs
 * without keys, or, with E2E_CARD_PROVIDERS=stand-ins, Stripe.js and Accept.js as with real keys:
 * the product has provider keys and its production CSP, the browser asks Stripe's and Authorize.Net's
 * own hosts, and those requests are answered by the tests' fakes, which serve stand-ins of both scripts.
 */
export const CARD_PROVIDERS: 'sandboxes' | 'stand-ins' = process.env.E2E_CARD_PROVIDERS === 'stand-ins' ? 'stand-ins' : 'sandboxes';

/** The hosts Stripe.js and Accept.js load from and call (both Authorize.Net environments), by the fake that answers them. */
const PROVIDER_HOSTS = {
  STRIPE_API_BASE: ['js.stripe.com', 'api.stripe.com'],
  AUTHORIZE_NET_API_BASE: ['js.authorize.net', 'api2.authorize.net', 'jstest.authorize.net', 'apitest.authorize.net'],
} as const;

/**
 * For a spec whose journeys pay: with the stand-ins, each test's context sends the providers' hosts
 * to the fakes; in either run, a test fails when one of its pages reported a CSP violation, even one
 * the journey survived (the browser names the directive and the address it refused).
 */
export function useCardProviders(test: typeof playwrightTest): void {
  const violations: string[] = [];
  test.beforeEach(async ({ context }) => {
    violations.length = 0;
    context.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text());
    });
    await routeCardProvidersToFakes(context);
  });
  test.afterEach(() => {
    expect(violations, 'CSP violations reported by the pages').toEqual([]);
  });
}

/**
 * With the stand-ins, the context's requests to the providers' hosts go to the fakes the server runs
 * (their addresses are in the server's environment). The page's CSP still judges every one of them
 * before it leaves, so a source missing from the policy fails the journey as it would in production.
 */
async function routeCardProvidersToFakes(context: BrowserContext): Promise<void> {
  if (CARD_PROVIDERS !== 'stand-ins') return;
  const environment = serverEnvironment();
  for (const [variable, hosts] of Object.entries(PROVIDER_HOSTS)) {
    const fake = environment[variable];
    if (!fake) throw new Error(`The server under test has no ${variable}: was it started with E2E_CARD_PROVIDERS=stand-ins?`);
    for (const host of hosts) {
      await context.route(`https://${host}/**`, async (route) => {
        const { pathname, search } = new URL(route.request().url());
        await route.fulfill({ response: await route.fetch({ url: `${fake}${pathname}${search}`, maxRedirects: 0 }) });
      });
    }
  }
}

/** Stripe's card Element: one frame, its inputs named as Stripe names them. */
export async function fillStripeCardElement(page: Page, card: { number: string; expiry: string; cvc: string; postalCode: string }): Promise<void> {
  // Stripe.js mounts it once it has loaded: not there soon means it did not load.
  await expect(page.locator('iframe[title="Secure card payment input frame"]')).toBeVisible();
  const frame = page.frameLocator('iframe[title="Secure card payment input frame"]');
  await frame.locator('input[name="cardnumber"]').fill(card.number);
  await frame.locator('input[name="exp-date"]').fill(card.expiry);
  await frame.locator('input[name="cvc"]').fill(card.cvc);
  await frame.locator('input[name="postal"]').fill(card.postalCode);
}

/** The card step shows the provider's form: Stripe's card Element, not the sandbox's fields and badge. */
export async function expectStripeCardElement(page: Page): Promise<void> {
  await expect(page.locator('iframe[title="Secure card payment input frame"]')).toBeVisible();
  await expect(page.getByText('Sandbox — test cards only')).toHaveCount(0);
}
