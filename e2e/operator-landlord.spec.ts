import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createUser, uniqueEmail } from './support/fixtures';
import { apiAs } from './support/payments';
import { signInThroughPage } from './support/session';
import { expectAccessible } from './support/accessibility';
import * as shots from './support/screenshots';

/**
 * Issue 14: an operator (an account made with the product's CLI) opens an approved landlord from
 * Recently reviewed, enters the keys of the landlord's own Authorize.Net account (the offline sandbox's
 * here), switches their card gateway to Authorize.Net after confirming, and the change appears in the audit trail with the operator's name.
 */

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const main = (page: Page) => page.getByRole('main');

/** Screenshots to look at (not compared), in /tmp because test-results/ is emptied by every run. */
const screenshots = (page: Page, name: string) =>
  shots.screenshots(page, (width) => `/tmp/operator-landlord-shots/${name}-${width}.png`, [shots.PHONE_375, shots.DESKTOP]);

test('an operator switches an approved landlord to Authorize.Net on the landlord’s page, and the audit trail shows it', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // A landlord signs up the usual way; their last name is unique so the card is easy to find.
  const lastName = `Bell-${randomUUID().slice(0, 6)}`;
  const name = `Marcus ${lastName}`;
  const landlordEmail = uniqueEmail('marcus');
  const signUp = await request.post('/api/onboarding/registrations', {
    data: { firstName: 'Marcus', lastName, email: landlordEmail, confirmEmail: landlordEmail, phone: '(608) 555-0142' },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);

  // An operator made through the CLI approves the registration (the queue's own journey is onboarding.spec.ts).
  const operator = await createUser(request, { type: 'operator', firstName: 'Olive', lastName: 'Ops' });
  const operatorApi = await apiAs(baseURL!, operator);
  const pending = (await (await operatorApi.get('/api/onboarding/registrations?status=pending')).json()) as {
    rows: { registrationId: string; email: string }[];
  };
  const registration = pending.rows.find((row) => row.email === landlordEmail.toLowerCase())!;
  await operatorApi.post(`/api/onboarding/registrations/${registration.registrationId}/approve`, {});
  await operatorApi.context.dispose();

  await page.setViewportSize({ width: 375, height: 812 });
  await signInThroughPage(page, operator);
  const landlordLink = main(page).getByRole('link', { name: `Landlord page of ${name}` });
  await expect(landlordLink).toBeVisible();
  await screenshots(page, 'registrations');
  await page.setViewportSize({ width: 375, height: 812 });
  await landlordLink.click();
  await expect(heading(page)).toHaveText(name);
  await expect(main(page).getByText('Registration approved')).toBeVisible();

  const gateway = main(page).getByRole('region', { name: 'Card gateway' });
  const history = main(page).getByRole('region', { name: 'Card gateway history' });
  await expect(gateway.locator('.operator-landlord__gateway-current')).toHaveText('Current gateway: Stripe');
  await expect(history.getByRole('heading', { name: 'No changes yet' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'stripe');

  // Their own Authorize.Net account first (issue 38): the operator enters its keys for them.
  await page.setViewportSize({ width: 375, height: 812 });
  const account = main(page).getByRole('region', { name: 'Authorize.Net account' });
  await expect(account.getByText('Not connected')).toBeVisible();
  await account.getByRole('button', { name: 'Fill in sandbox keys' }).click();
  await expect(account.getByLabel('API Login ID')).not.toHaveValue('');
  await account.getByRole('button', { name: 'Save Keys' }).click();
  await expect(account.getByText('Connected', { exact: true })).toBeVisible();
  await gateway.getByRole('button', { name: 'Switch to Authorize.Net' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Switch ${name} to Authorize.Net?` });
  await expect(dialog).toBeVisible();
  await shots.screenshot(page, '/tmp/operator-landlord-shots/confirm-375.png', { fullPage: false, animations: 'disabled' });
  await dialog.getByRole('button', { name: 'Switch to Authorize.Net' }).click();

  const toast = page.locator('.toast-region');
  await expect(toast).toContainText(`${name}’s tenants now pay by card through Authorize.Net.`);
  await expect(gateway.locator('.operator-landlord__gateway-current')).toHaveText('Current gateway: Authorize.Net');
  const row = history.getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('From Stripe to Authorize.Net');
  await expect(row).toContainText('by Olive Ops');
  await expect(gateway.getByRole('button', { name: 'Switch to Stripe' })).toBeVisible();
  // Dismissed before the slow accessibility check, which can outlast the toast's own few seconds.
  await toast.getByRole('button').click();
  await expectAccessible(page);
  await screenshots(page, 'authorize-net');

  // The server agrees, after a reload too.
  await page.reload();
  await expect(history.getByRole('listitem')).toContainText('From Stripe to Authorize.Net');

  // An address that names no landlord has its own page.
  await page.goto('/operator/landlords/00000000-0000-4000-8000-000000000000');
  await expect(heading(page)).toHaveText('Landlord not found');
  await screenshots(page, 'not-found');
});
