import { expect, test, type Browser, type Page } from '@playwright/test';
import { createUser, uniqueEmail } from './support/fixtures';
import { latestEmailTo, linkIn, pathOf } from './support/mailbox';
import { signIn, signInThroughPage } from './support/session';
import { expectNoAccessibilityViolations } from './support/accessibility';
import * as shots from './support/screenshots';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const toast = (page: Page) => page.locator('.toast-region');
const main = (page: Page) => page.getByRole('main');

/**
 * Screenshots at a laptop's and a phone's width, to look at (not compared); the test goes on at a
 * phone's width. A modal dialog is shot as the screen shows it, not as the whole scrolled page.
 */
/** Desktop, then phone: the journey goes on at the phone's width. */
const screenshots = (page: Page, name: string, { fullPage = true } = {}) =>
  shots.screenshots(page, (width) => `/tmp/properties-${name}-${width}.png`, [shots.DESKTOP, shots.PHONE_375], { fullPage });

async function fill(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await main(page).getByLabel(label, { exact: true }).fill(value);
}

/** A second browser, as the tenant on their own phone. */
async function tenantPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  return context.newPage();
}

test.use({ viewport: { width: 375, height: 812 } });

test('a landlord manages properties and tenants; the tenant joins, sees their home, and is removed', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const landlord = await createUser(page.request, { type: 'landlord', firstName: 'Lena', lastName: 'Landlord', phone: '(503) 555-0199' });
  await signIn(page, landlord, '/landlord/properties?mode=address');

  // No properties yet: the empty state leads to the add form.
  await expect(heading(page)).toHaveText('Manage Properties');
  await expect(page.getByRole('heading', { name: 'No properties yet' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await screenshots(page, 'list-empty');
  await main(page).getByRole('link', { name: 'Add a Property' }).click();
  await expect(page).toHaveURL('/landlord/property/0/add');
  await expect(heading(page)).toHaveText('Add a Property');

  // Each validation message on the way.
  await main(page).getByRole('button', { name: 'Add Property' }).click();
  await expect(main(page).getByText('All address fields are required').first()).toBeVisible();
  await expect(main(page).getByText('Rent must be $100 - $99,999')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await screenshots(page, 'add-errors');

  await fill(page, { 'Address line 1': 'A', City: 'X', State: 'ny', 'ZIP code': '10001', 'Monthly rent': '99' });
  await expect(main(page).getByLabel('State')).toHaveValue('NY');
  await main(page).getByRole('button', { name: 'Add Property' }).click();
  await expect(main(page).getByText('The address entered appears to be invalid.')).toBeVisible();
  await expect(main(page).getByText('Rent must be $100 - $99,999')).toBeVisible();

  await main(page).getByLabel('Monthly rent').fill('');
  await main(page).getByLabel('Monthly rent').pressSequentially('0100000');
  await expect(main(page).getByLabel('Monthly rent')).toHaveValue('100,000');
  await main(page).getByRole('button', { name: 'Add Property' }).click();
  await expect(main(page).getByText('Rent must be $100 - $99,999')).toBeVisible();

  await fill(page, { 'Address line 1': '12 Garden Street', 'Address line 2 (optional)': 'Apt 4', City: 'Springfield', State: 'il', 'ZIP code': '62704' });
  await main(page).getByLabel('Monthly rent').fill('');
  await main(page).getByLabel('Monthly rent').pressSequentially('1500');
  await expect(main(page).getByLabel('Monthly rent')).toHaveValue('1,500');
  await main(page).getByLabel('Monthly rent').press('Enter');
  await expect(toast(page)).toContainText('Successfully added property!');
  await expect(page).toHaveURL('/landlord/properties?mode=address');
  const garden = main(page).getByRole('link', { name: /12 Garden Street, Apt 4/ });
  await expect(garden).toContainText('$1,500.00');

  // A second property, to move the tenant to later.
  await main(page).getByRole('link', { name: 'Add a Property' }).click();
  await fill(page, { 'Address line 1': '8 Hill Road', City: 'Salem', State: 'OR', 'ZIP code': '97301', 'Monthly rent': '900' });
  await main(page).getByRole('button', { name: 'Add Property' }).click();
  await expect(page).toHaveURL('/landlord/properties?mode=address');
  await expect(main(page).getByRole('link', { name: /8 Hill Road/ })).toContainText('$900.00');
  await screenshots(page, 'list');

  // Edit the rent.
  await garden.click();
  await expect(heading(page)).toHaveText('Update Property');
  await expect(main(page).getByLabel('Monthly rent')).toHaveValue('1,500');
  await screenshots(page, 'update');
  await main(page).getByLabel('Monthly rent').fill('1,650');
  await main(page).getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page)).toContainText('Successfully updated property!');
  await expect(page).toHaveURL('/landlord/properties?mode=address');
  await expect(garden).toContainText('$1,650.00');

  // Manage Tenants: the property's (empty) tenant list, then the add form with its messages.
  await page.goto('/landlord/properties?mode=tenant');
  await expect(heading(page)).toHaveText('Manage Tenants');
  await screenshots(page, 'list-tenant-mode');
  await main(page).getByRole('link', { name: /12 Garden Street/ }).click();
  await expect(heading(page)).toHaveText('Tenants');
  await expect(page.getByRole('heading', { name: 'No tenants yet' })).toBeVisible();
  const tenantsUrl = page.url();
  await main(page).getByRole('link', { name: 'Add a Tenant' }).click();
  await expect(heading(page)).toHaveText('Add a Tenant');
  await main(page).getByRole('button', { name: 'Add Tenant' }).click();
  await expect(main(page).getByText('Please complete all form fields.').first()).toBeVisible();
  const tenantEmail = uniqueEmail('theo');
  await fill(page, {
    'First name': 'Theo',
    'Last name': 'Tenant',
    Email: tenantEmail.toUpperCase(),
    'Confirm email': `x${tenantEmail}`,
  });
  await main(page).getByLabel('Phone').pressSequentially('5035550142');
  await expect(main(page).getByLabel('Phone')).toHaveValue('(503) 555-0142');
  await main(page).getByRole('button', { name: 'Add Tenant' }).click();
  await expect(main(page).getByText("Emails don't match! Please check.")).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await screenshots(page, 'add-tenant-errors');
  await fill(page, { 'Confirm email': tenantEmail });
  await main(page).getByLabel('Confirm email').press('Enter');

  await expect(heading(page)).toHaveText('Tenant Added');
  await expect(main(page)).toContainText(tenantEmail);
  await screenshots(page, 'tenant-added');
  await main(page).getByRole('link', { name: 'View All Tenants' }).click();
  await expect(page).toHaveURL(tenantsUrl);
  const theo = main(page).getByRole('listitem').filter({ hasText: 'Theo Tenant' });
  await expect(theo.getByRole('link', { name: 'Email Theo Tenant' })).toHaveAttribute('href', `mailto:${tenantEmail}`);
  await expect(theo.getByRole('link', { name: 'Call Theo Tenant' })).toHaveAttribute('href', 'tel:+15035550142');
  await expectNoAccessibilityViolations(page);
  await screenshots(page, 'tenants');
  await theo.getByRole('link', { name: 'Edit Theo Tenant' }).click();
  await expect(main(page).getByRole('button', { name: 'Resend invitation' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await screenshots(page, 'edit-tenant-invited');
  await page.goBack();

  // The tenant gets the invitation and activates the account through its link.
  const invitation = await latestEmailTo(page.request, tenantEmail);
  expect(invitation.subject).toBe('Lena Landlord invited you to pay rent with Rentwise');
  expect(invitation.text).toContain('12 Garden Street, Apt 4, Springfield, IL 62704');
  const tenantPage = await tenantPhone(browser);
  await tenantPage.goto(pathOf(linkIn(invitation, '/account/create-password')));
  await expect(heading(tenantPage)).toHaveText('Create Password');
  await tenantPage.getByLabel('New password').fill('theo-pays-rent-online');
  await tenantPage.getByLabel('Confirm password').fill('theo-pays-rent-online');
  await tenantPage.getByLabel('Confirm password').press('Enter');
  await expect(heading(tenantPage)).toHaveText('Thank you!');
  const tenant = { email: tenantEmail, password: 'theo-pays-rent-online', type: 'tenant' as const };
  await signInThroughPage(tenantPage, tenant);
  await tenantPage.goto('/tenant/dashboard');
  await expect(main(tenantPage)).toContainText('12 Garden Street, Apt 4, Springfield, IL 62704');

  // ...and the contact page shows the landlord.
  await main(tenantPage).getByRole('link', { name: 'Contact Landlord' }).click();
  await expect(tenantPage).toHaveURL('/tenant/contact-landlord');
  await expect(main(tenantPage).getByRole('heading', { name: 'Lena Landlord' })).toBeVisible();
  await expect(main(tenantPage).getByRole('link', { name: 'Email' })).toHaveAttribute('href', `mailto:${landlord.email}`);
  await expect(main(tenantPage).getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+15035550199');
  await expectNoAccessibilityViolations(tenantPage);
  await screenshots(tenantPage, 'contact-landlord');
  await main(tenantPage).getByRole('link', { name: 'Dashboard' }).click();
  await expect(tenantPage).toHaveURL('/tenant/dashboard');

  // The landlord edits the tenant and moves them to the other property.
  await page.reload();
  await theo.getByRole('link', { name: 'Edit Theo Tenant' }).click();
  await expect(heading(page)).toHaveText('Edit Tenant');
  await screenshots(page, 'edit-tenant');
  await main(page).getByLabel('Phone').fill('');
  await main(page).getByLabel('Phone').pressSequentially('5035550100');
  await main(page).getByLabel('Property').selectOption({ label: '8 Hill Road, Salem, OR 97301' });
  await main(page).getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page)).toContainText('Successfully updated!');
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Tenants');
  await expect(main(page)).toContainText('8 Hill Road, Salem, OR 97301');
  await expect(theo.getByRole('link', { name: 'Call Theo Tenant' })).toHaveAttribute('href', 'tel:+15035550100');
  await tenantPage.reload();
  await expect(main(tenantPage)).toContainText('8 Hill Road, Salem, OR 97301');

  // Remove the tenant: they can no longer sign in.
  await theo.getByRole('link', { name: 'Edit Theo Tenant' }).click();
  await main(page).getByRole('button', { name: 'Remove Tenant' }).click();
  const removeTenant = page.getByRole('alertdialog', { name: 'Remove Theo Tenant?' });
  await expect(removeTenant).toBeVisible();
  await screenshots(page, 'remove-tenant-dialog', { fullPage: false });
  await removeTenant.getByRole('button', { name: 'Remove Tenant' }).click();
  await expect(toast(page)).toContainText('Theo Tenant has been removed!');
  await expect(page.getByRole('heading', { name: 'No tenants yet' })).toBeVisible();
  const refused = await tenantPage.request.post('/api/account/login', { data: { email: tenant.email, password: tenant.password } });
  expect(refused.status()).toBe(401);
  await tenantPage.goto('/tenant/dashboard');
  await expect(tenantPage).toHaveURL('/home-redirect');

  // Remove a property.
  await page.goto('/landlord/properties?mode=address');
  await main(page).getByRole('link', { name: /8 Hill Road/ }).click();
  await main(page).getByRole('button', { name: 'Remove Property' }).click();
  const removeProperty = page.getByRole('alertdialog', { name: 'Remove this property?' });
  await screenshots(page, 'remove-property-dialog', { fullPage: false });
  await removeProperty.getByRole('button', { name: 'Remove Property' }).click();
  await expect(toast(page)).toContainText('8 Hill Road has been removed!');
  await expect(page).toHaveURL('/landlord/properties?mode=address');
  await expect(main(page).getByRole('link', { name: /8 Hill Road/ })).toHaveCount(0);
  await expect(garden).toBeVisible();
});

test('another landlord’s property and tenant pages show nothing of them', async ({ page }) => {
  const owner = await createUser(page.request, { type: 'landlord' });
  await signIn(page, owner, '/landlord/property/0/add');
  await fill(page, { 'Address line 1': '3 Private Lane', City: 'Eugene', State: 'OR', 'ZIP code': '97401', 'Monthly rent': '1200' });
  await main(page).getByRole('button', { name: 'Add Property' }).click();
  await expect(page).toHaveURL('/landlord/properties?mode=address');
  await main(page).getByRole('link', { name: /3 Private Lane/ }).click();
  // Read the address only once the click has navigated: read at once, it was still the list's,
  // and on a loaded machine the stranger was then sent to their own (empty) Manage Properties.
  await expect(page).toHaveURL(/\/landlord\/property\/[^/]+\/update$/);
  const propertyPath = new URL(page.url()).pathname;
  await page.request.post('/api/account/logout', { headers: { 'X-CSRF-Token': (await page.context().cookies()).find((c) => c.name === 'rw_csrf')!.value } });

  const stranger = await createUser(page.request, { type: 'landlord' });
  await signIn(page, stranger, propertyPath);
  await expect(main(page).getByText('This property isn’t in your list')).toBeVisible();
  await expect(main(page)).not.toContainText('3 Private Lane');
  await page.goto(propertyPath.replace('/update', '/tenants'));
  await expect(main(page).getByText('This property isn’t in your list')).toBeVisible();
});
