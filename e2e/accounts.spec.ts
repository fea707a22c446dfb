import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { createUser, inviteUser, uniqueEmail } from './support/fixtures';
import { latestEmailTo, linkIn, mailboxMark, pathOf } from './support/mailbox';
import { DASHBOARD, signIn, signInThroughPage, signOut } from './support/session';
import { expectNoAccessibilityViolations } from './support/accessibility';
import * as shots from './support/screenshots';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const toast = (page: Page) => page.locator('.toast-region');

/** Screenshots at a phone's and a laptop's width, to look at (not compared). */
const screenshots = (page: Page, name: string) => shots.screenshots(page, (width) => `/tmp/accounts-${name}-${width}.png`, [shots.PHONE_375, shots.DESKTOP]);

test.describe('signing in and out', () => {
  test('a tenant signs in to the payment screen, has a dashboard, and signs out to the home page', async ({ page }) => {
    const tenant = await createUser(page.request, { type: 'tenant', firstName: 'Tess', lastName: 'Tenant' });

    await page.goto('/sign-in');
    await screenshots(page, 'sign-in');
    await signInThroughPage(page, tenant);
    await expect(heading(page)).toHaveText('Make a Payment');
    await page.goto('/tenant/dashboard');
    await expect(heading(page)).toHaveText('Tess Tenant');
    await expect(page.getByText(tenant.email)).toBeVisible();
    await expect(page.getByRole('link', { name: /Simple & Secure.*Make a payment/ })).toHaveAttribute('href', '/tenant/payment');
    await expect(page.getByRole('link', { name: /View all transactions/ })).toHaveAttribute('href', '/tenant/payment-history');
    await expect(page.getByRole('link', { name: /Name, phone, email/ })).toHaveAttribute('href', '/tenant/info');
    await expect(page.getByRole('link', { name: 'Contact Landlord' })).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await screenshots(page, 'tenant-dashboard');

    await signOut(page);
    await page.goto('/tenant/dashboard');
    await expect(page).toHaveURL('/home-redirect');
  });

  test('the sign-in page arrives rendered; what is typed before its code runs is kept, and it signs in after', async ({ page }) => {
    const tenant = await createUser(page.request, { type: 'tenant', firstName: 'Rhea', lastName: 'Rendered' });
    const problems: string[] = [];
    // An answer of 404 is the payment screen's (this tenant has no home yet), not the page's.
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    // The main chunk is held back, as on a slow phone, until the fields are filled in.
    let releaseCode!: () => void;
    const codeHeld = new Promise<void>((release) => (releaseCode = release));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await codeHeld;
      await route.continue();
    });

    await page.goto('/sign-in', { waitUntil: 'commit' });
    await expect(heading(page)).toHaveText('Sign In');
    // Not sent as a plain form (its password in the address) before the code can send it.
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    await page.getByLabel('Email').fill(tenant.email);
    await page.getByLabel('Password').fill(tenant.password);
    releaseCode();

    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    await expect(page.getByLabel('Email')).toHaveValue(tenant.email);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(heading(page)).toHaveText('Make a Payment');
    // React took over the page as served: a mismatch would have logged an error and drawn it anew.
    expect(problems).toEqual([]);
  });

  test('a page load asks who is signed in once, and the payment screen its setup once, each through a preload', async ({ page }) => {
    const tenant = await createUser(page.request, { type: 'tenant', firstName: 'Pia', lastName: 'Preload' });
    await signInThroughPage(page, tenant);
    await expect(heading(page)).toHaveText('Make a Payment');

    const asked: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === '/api/account/validate' || path === '/api/tenant/payment-setup') asked.push(`${path} ${request.resourceType()}`);
    });
    await page.reload();
    await expect(heading(page)).toHaveText('Make a Payment');
    await expect(page.getByText('Total House Rent')).toBeVisible();
    // The preloads ('other': index.html's, and the route's as it is entered) are the only requests:
    // the app's own fetches took their answers, CSRF header and all.
    expect(asked.sort()).toEqual(['/api/account/validate other', '/api/tenant/payment-setup other']);
  });

  test('the payment screen fetches its card forms once an amount is being entered, not before its first paint', async ({ page }) => {
    const tenant = await createUser(page.request, { type: 'tenant', firstName: 'Cal', lastName: 'Cardstep' });
    const cardStepRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/assets/CardStep-')) cardStepRequests.push(request.url());
    });
    await signInThroughPage(page, tenant);
    await expect(heading(page)).toHaveText('Make a Payment');
    await expect(page.getByText('Total House Rent')).toBeVisible();
    expect(cardStepRequests).toEqual([]);

    await page.getByRole('group', { name: 'Amount keypad' }).getByRole('button', { name: '5', exact: true }).click();
    await expect.poll(() => cardStepRequests.length).toBe(1);
  });

  test('a landlord signs in to a dashboard with the date, tiles and FAQ, and signs out from it', async ({ page }) => {
    const landlord = await createUser(page.request, { type: 'landlord', firstName: 'Lola', lastName: 'Landlord' });
    await signInThroughPage(page, landlord);

    await expect(heading(page)).toHaveText('Lola Landlord');
    // Today's date, as the dashboard writes it (the year alone also names the chart's heading).
    const today = new Date().toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
    await expect(page.getByText(today)).toBeVisible();
    await expect(page.getByRole('link', { name: /Payment History/ })).toHaveAttribute('href', '/landlord/payment-history');
    await expect(page.getByRole('link', { name: /Manage Properties/ })).toHaveAttribute('href', '/landlord/properties?mode=address');
    await expect(page.getByRole('link', { name: /Manage Tenants/ })).toHaveAttribute('href', '/landlord/properties?mode=tenant');
    await expect(page.getByRole('link', { name: /Personal Information/ }).first()).toHaveAttribute('href', '/landlord/info');
    await expect(page.getByRole('button', { name: 'View Stripe Account' })).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await screenshots(page, 'landlord-dashboard');

    await page.getByRole('link', { name: 'FAQ' }).first().click();
    await expect(heading(page)).toHaveText('FAQ');
    await page.getByText('What does Rentwise cost?').click();
    await expect(page.getByText(/Rentwise takes no cut of your rent/)).toBeVisible();
    await screenshots(page, 'landlord-faq');

    await page.goto('/landlord/dashboard');
    await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL('/');
    await page.goto('/landlord/info');
    await expect(page).toHaveURL('/home-redirect');
  });

  test('a wrong password is refused with the spec message', async ({ page }) => {
    const tenant = await createUser(page.request, { type: 'tenant' });
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(tenant.email);
    await page.getByLabel('Password').fill('not-the-right-password');
    // Enter submits once the page's code has taken over the prerendered form (decision 0050).
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    await page.getByLabel('Password').press('Enter');
    await expect(page.getByRole('alert')).toHaveText('Incorrect Login. Try again.');
    await expect(page).toHaveURL('/sign-in');
  });
});

test.describe('passwords from emailed links', () => {
  test('forgot password: the emailed link sets a new password, and the old one stops working', async ({ page }) => {
    const landlord = await createUser(page.request, { type: 'landlord' });
    const mark = await mailboxMark(page.request);

    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Forgot Password' }).click();
    // The sign-in page has an Email field too: wait for the new page before typing.
    await expect(heading(page)).toHaveText('Forgot Password');
    await page.getByLabel('Email').fill(landlord.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page).toHaveURL('/password-reset-success');
    await expect(heading(page)).toHaveText('Check your email');

    const email = await latestEmailTo(page.request, landlord.email, { after: mark });
    expect(email.subject).toBe('Reset your Rentwise password');
    await page.goto(pathOf(linkIn(email, '/account/reset-password')));
    await expect(heading(page)).toHaveText('Reset Password');
    await page.getByLabel('New password').fill('short');
    await page.getByLabel('Confirm password').fill('short');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
    await page.getByLabel('New password').fill('my-new-rentwise-password');
    await page.getByLabel('Confirm password').fill('my-new-rentwise-passwrd');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Passwords do not match. Please double check and try again.')).toBeVisible();
    await page.getByLabel('Confirm password').fill('my-new-rentwise-password');
    await page.getByRole('button', { name: 'Update Password' }).click();

    await expect(page).toHaveURL('/sign-in');
    await expect(toast(page)).toContainText('Successfully updated password!');
    await page.getByLabel('Email').fill(landlord.email);
    await page.getByLabel('Password').fill(landlord.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Incorrect Login. Try again.');
    await signInThroughPage(page, { ...landlord, password: 'my-new-rentwise-password' });
  });

  test('a used reset link says to request a new one', async ({ page }) => {
    const tenant = await createUser(page.request, { type: 'tenant' });
    const mark = await mailboxMark(page.request);
    await page.request.post('/api/account/send-password-reset', { data: { email: tenant.email } });
    const link = pathOf(linkIn(await latestEmailTo(page.request, tenant.email, { after: mark }), '/account/reset-password'));
    for (const attempt of ['first-new-password', 'second-new-password']) {
      await page.goto(link);
      await page.getByLabel('New password').fill(attempt);
      await page.getByLabel('Confirm password').fill(attempt);
      await page.getByRole('button', { name: 'Update Password' }).click();
    }
    await expect(page.getByRole('alert')).toContainText('This link is invalid or has expired. Please request a new one.');
    await expect(page.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/forgot-password');
  });

  test('a reset link without an email goes to the home page', async ({ page }) => {
    await page.goto('/account/reset-password?token=abc');
    await expect(page).toHaveURL('/');
  });

  test('an invited tenant creates a password, then the link says Already Activated', async ({ page }) => {
    const invited = await inviteUser({ type: 'tenant', email: uniqueEmail('invited') });
    const link = pathOf(invited.activationUrl);

    await page.goto(link);
    await expect(heading(page)).toHaveText('Create Password');
    await screenshots(page, 'create-password');
    await page.getByLabel('New password').fill('my-first-rentwise-password');
    await page.getByLabel('Confirm password').fill('my-first-rentwise-password');
    await page.getByLabel('Confirm password').press('Enter');
    await expect(heading(page)).toHaveText('Thank you!');
    await expect(toast(page)).toContainText('Successfully created password!');
    await page.getByRole('link', { name: 'Continue to Sign In' }).click();
    await signInThroughPage(page, { email: invited.email, password: 'my-first-rentwise-password', type: 'tenant' });
    await signOut(page);

    await page.goto(link);
    await expect(heading(page)).toHaveText('Already Activated');
    await expect(page.getByRole('link', { name: 'Continue to sign-in' })).toHaveAttribute('href', '/sign-in');
  });
});

test.describe('sessions and route sets', () => {
  test('an ended session goes to /home-redirect, a real page with Sign In', async ({ page, context }) => {
    const landlord = await createUser(page.request, { type: 'landlord' });
    await signIn(page, landlord);
    await expect(heading(page)).toBeVisible();

    await context.clearCookies();
    await page.goto('/landlord/info');
    await expect(page).toHaveURL('/home-redirect');
    await expect(heading(page)).toHaveText('Your session has ended');
    await screenshots(page, 'home-redirect');
    await page.getByRole('link', { name: 'Sign In' }).last().click();
    await expect(page).toHaveURL('/sign-in');
  });

  test('a call answered 401 in the middle of a page also goes to /home-redirect', async ({ page, context }) => {
    const tenant = await createUser(page.request, { type: 'tenant' });
    await signIn(page, tenant, '/tenant/info');
    await expect(heading(page)).toHaveText('Personal Information');

    await context.clearCookies();
    await page.getByLabel('First name').fill('Changed');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL('/home-redirect');
  });

  test('each role is kept to its own pages', async ({ page, context }) => {
    const landlord = await createUser(page.request, { type: 'landlord' });
    const tenant = await createUser(page.request, { type: 'tenant' });
    const operator = await createUser(page.request, { type: 'operator' });

    await signIn(page, landlord);
    for (const path of ['/tenant/dashboard', '/tenant/payment', '/operator/registrations']) {
      await page.goto(path);
      await expect(page).toHaveURL(DASHBOARD.landlord);
    }
    await page.goto('/landlord/no-such-page');
    await expect(page).toHaveURL(DASHBOARD.landlord);
    await page.goto('/sign-in');
    await expect(page).toHaveURL(DASHBOARD.landlord);

    await context.clearCookies();
    await signIn(page, tenant);
    for (const path of ['/landlord/dashboard', '/landlord/properties?mode=address', '/operator/registrations']) {
      await page.goto(path);
      await expect(page).toHaveURL(DASHBOARD.tenant);
    }
    await page.goto('/tenant/no-such-page');
    await expect(page).toHaveURL(DASHBOARD.tenant);

    await context.clearCookies();
    await signIn(page, operator);
    for (const path of ['/landlord/dashboard', '/tenant/dashboard']) {
      await page.goto(path);
      await expect(page).toHaveURL(DASHBOARD.operator);
    }
  });
});

test.describe('personal information', () => {
  test('a landlord updates details and photo; an unchanged form answers without a call', async ({ page }) => {
    const landlord = await createUser(page.request, { type: 'landlord', firstName: 'Pia', lastName: 'Profile' });
    await signIn(page, landlord, '/landlord/info');
    await expect(heading(page)).toHaveText('Personal Information');
    await expect(page.getByLabel('Confirm email')).toHaveValue(landlord.email);
    await screenshots(page, 'landlord-info');

    let updateCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/account/update-user')) updateCalls++;
    });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page)).toContainText('Successfully updated!');
    expect(updateCalls).toBe(0);

    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('changed'));
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText("Emails don't match! Please check.")).toBeVisible();

    await page.getByLabel('Email', { exact: true }).fill(landlord.email);
    await page.getByLabel('First name').fill('Philippa');
    await page.getByLabel('Phone').fill('5550001234');
    await expect(page.getByLabel('Phone')).toHaveValue('(555) 000-1234');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page)).toContainText('Successfully updated!');
    expect(updateCalls).toBe(1);
    await expect(page.getByRole('banner')).toContainText('Philippa');

    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3448c5' } }).png().toBuffer();
    await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect(toast(page)).toContainText('Image updated successfully!');
    const photo = page.getByRole('main').getByRole('img', { name: 'Photo of Philippa Profile' });
    await expect(photo).toBeVisible();
    expect(await photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(512);

    await page.locator('input[type=file]').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
    await expect(toast(page)).toContainText("Couldn't upload photo. Try again.");
  });

  test('a tenant changes their email: password asked, a link to the new address, the old one told (issue 32)', async ({ page }) => {
    const tenant = await createUser(page.request, { type: 'tenant', firstName: 'Eli', lastName: 'Email' });
    const newEmail = uniqueEmail('eli-moved');
    await signIn(page, tenant, '/tenant/info');
    await expect(heading(page)).toHaveText('Personal Information');
    await expect(page.getByLabel('Current password')).toHaveCount(0);

    await page.getByLabel('Email', { exact: true }).fill(newEmail);
    await page.getByLabel('Confirm email').fill(newEmail);
    await page.getByLabel('Current password').fill(tenant.password);
    const after = await mailboxMark(page.request);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Check your new email' })).toContainText(newEmail);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(tenant.email);
    await expectNoAccessibilityViolations(page);
    await screenshots(page, 'email-change-sent');

    const notice = await latestEmailTo(page.request, tenant.email, { after });
    expect(notice.subject).toBe('Your Rentwise email is about to change');
    const confirmation = await latestEmailTo(page.request, newEmail, { after });
    await page.goto(pathOf(linkIn(confirmation, '/account/confirm-email')));
    await expect(heading(page)).toHaveText('Confirm your new email');
    await screenshots(page, 'confirm-email');
    await page.getByRole('button', { name: 'Confirm Email' }).click();
    await expect(heading(page)).toHaveText('Email confirmed');
    await expectNoAccessibilityViolations(page);
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.goto('/tenant/dashboard');
    await expect(page.getByText(newEmail)).toBeVisible();
  });
});
