import { expect, test, type Page } from '@playwright/test';
import { createUser, runServerCli, uniqueEmail } from './support/fixtures';
import { latestEmailTo, linkIn, type MailboxEmail } from './support/mailbox';
import { signInThroughPage, signOut } from './support/session';
import { expectAccessible } from './support/accessibility';
import * as shots from './support/screenshots';

/**
 * Landlord onboarding end to end: sign-up, an operator's approval, step 1 (the sandbox payout
 * account), step 2 (the password), sign in and out.
 *
 * The first operator is created the way a real deployment creates one, with `npm run
 * operator:create`'s script (server/dist/cli/create-operator.js) run against the e2e server's
 * database (e2e/support/fixtures.ts finds it through the file scripts/e2e-server.js writes).
 */

const PASSWORD = 'a-long-landlord-password';
const OPERATOR_PASSWORD = 'a-long-operator-password';

/** Runs the operator CLI; returns the create-password link it prints. */
async function createOperator(email: string): Promise<string> {
  const output = await runServerCli('create-operator', ['--email', email, '--first-name', 'Olive', '--last-name', 'Ops']);
  const link = /https?:\/\/\S+\/account\/create-password\S+/.exec(output)?.[0];
  if (!link) throw new Error(`The operator CLI printed no link:\n${output}`);
  return link;
}

/** Step 1 of the approval email: the default link, or the one for an existing Stripe account. */
function stepOneLink(email: MailboxEmail, method?: 'oauth'): string {
  const links = (email.text.match(/https?:\/\/\S+/g) ?? []).filter((url) => url.includes('/api/onboarding/payout-account/start?'));
  const link = links.find((url) => (new URL(url).searchParams.get('method') ?? undefined) === method);
  if (!link) throw new Error(`No step 1 link in "${email.subject}":\n${email.text}`);
  return link;
}

/**
 * Screenshots at desktop and phone width for people to look at (in /tmp: test-results/ is emptied
 * by every run); the journey continues at 375 px.
 */
const snapshot = (page: Page, name: string) =>
  shots.screenshots(page, (width) => `/tmp/onboarding-shots/${name}-${width}.png`, [shots.DESKTOP, shots.PHONE_375]);

async function createPassword(page: Page, link: string, password: string) {
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Create Password' })).toBeVisible();
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create Password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
}

async function signUp(page: Page, fields: { firstName: string; lastName: string; email: string; phone: string }) {
  await page.goto('/sign-up');
  await page.getByLabel('First name').fill(fields.firstName);
  await page.getByLabel('Last name').fill(fields.lastName);
  await page.getByLabel('Email', { exact: true }).fill(fields.email);
  await page.getByLabel('Confirm email').fill(fields.email);
  await page.getByLabel('Phone').fill(fields.phone);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/landlord\/registered$/);
}

/** The operator's queue: approves the one pending registration with this email. */
async function approve(page: Page, name: string, email: string) {
  const registration = page
    .getByRole('region', { name: 'Waiting for review' })
    .getByRole('article', { name })
    .filter({ hasText: email });
  await registration.getByRole('button', { name: `Approve ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Approve Registration' }).click();
  await expect(page.getByText(`${name} approved. Their setup email is on its way.`)).toBeVisible();
  await expect(registration).toHaveCount(0);
}

test.use({ viewport: { width: 375, height: 812 } });

test('a landlord signs up, is approved, connects a payout account, creates a password, signs in and out', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const landlordEmail = uniqueEmail('lena');
  const operatorEmail = uniqueEmail('ops');

  // The landlord signs up, meeting the form's messages on the way.
  await page.goto('/sign-up');
  await expect(page.getByRole('heading', { level: 1, name: 'Landlord Sign Up' })).toBeVisible();
  await snapshot(page, 'sign-up');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please complete all form fields.')).toHaveCount(5);
  await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('First name').fill('Lena');
  await page.getByLabel('Last name').fill('Landlord');
  await page.getByLabel('Email', { exact: true }).fill(landlordEmail.toUpperCase());
  await page.getByLabel('Confirm email').fill('someone-else@example.com');
  await page.getByLabel('Phone').pressSequentially('5552013344');
  await expect(page.getByLabel('Phone')).toHaveValue('(555) 201-3344');
  await page.getByLabel('Confirm email').press('Enter');
  await expect(page.getByText("Emails don't match! Please check.")).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'sign-up-errors');

  await page.getByLabel('Confirm email').fill(landlordEmail);
  await page.getByLabel('Confirm email').press('Enter');
  await expect(page).toHaveURL(/\/landlord\/registered$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thanks for signing up' })).toBeVisible();
  await expect(page.getByText(/reviewed and a link is sent within 24 hrs/)).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'registered');

  // An operator, created with the CLI, creates a password, signs in and approves.
  const operatorPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await createPassword(operatorPage, await createOperator(operatorEmail), OPERATOR_PASSWORD);
  await signInThroughPage(operatorPage, { email: operatorEmail, password: OPERATOR_PASSWORD, type: 'operator' });
  const registration = operatorPage
    .getByRole('region', { name: 'Waiting for review' })
    .getByRole('article', { name: 'Lena Landlord' })
    .filter({ hasText: landlordEmail });
  await expect(registration.getByText('(555) 201-3344')).toBeVisible();
  await expectAccessible(operatorPage);
  await snapshot(operatorPage, 'operator-queue');
  await approve(operatorPage, 'Lena Landlord', landlordEmail);
  await snapshot(operatorPage, 'operator-reviewed');
  await operatorPage.context().close();

  // Step 1: the emailed link leads through the sandbox's hosted onboarding and back.
  const approval = await latestEmailTo(request, landlordEmail);
  expect(approval.subject).toContain('Rentwise');
  const stepOne = stepOneLink(approval);
  const stepTwo = linkIn(approval, '/account/create-password');
  await page.goto(stepOne);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/landlord\/stripe-account\/created$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payout account connected' })).toBeVisible();
  await expect(page.getByText(/complete step 2 in the first email/)).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, 'payout-created');

  // The step-1 link is used up now; the error pages name the support address.
  await page.goto(stepOne);
  await expect(page).toHaveURL(/\/landlord\/stripe-account\/error\?reason=link$/);
  await expect(page.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeVisible();
  await snapshot(page, 'payout-link-used');
  await page.goto('/landlord/stripe-account/error');
  await expect(page.getByRole('heading', { level: 1, name: 'We couldn’t connect your payout account' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  await expectAccessible(page);
  await snapshot(page, 'payout-error');

  // Step 2, then signing in, a look at the payout account, and signing out.
  await createPassword(page, stepTwo, PASSWORD);
  await page.getByRole('link', { name: 'Continue to Sign In' }).click();
  await signInThroughPage(page, { email: landlordEmail, password: PASSWORD, type: 'landlord' });
  await expect(page.getByRole('heading', { level: 1, name: 'Lena Landlord' })).toBeVisible();
  await page.getByRole('button', { name: 'View Stripe Account' }).click();
  await expect(page).toHaveURL(/\/api\/sandbox\/connect\/dashboard\?/);
  await page.goBack();
  await expect(page).toHaveURL(/\/landlord\/dashboard$/);

  await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/landlord/dashboard');
  await expect(page).toHaveURL(/\/home-redirect$/);
});

test('a landlord with a Stripe account of their own connects it through OAuth', async ({ page, request }) => {
  test.setTimeout(180_000);
  const landlordEmail = uniqueEmail('olga');

  await signUp(page, { firstName: 'Olga', lastName: 'Owner', email: landlordEmail, phone: '(555) 777-1212' });
  await signInThroughPage(page, await createUser(request, { type: 'operator' }));
  await approve(page, 'Olga Owner', landlordEmail);
  await signOut(page);

  await page.goto(stepOneLink(await latestEmailTo(request, landlordEmail), 'oauth'));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/landlord\/stripe-account\/created$/);
});

test('a landlord who leaves the provider’s form unfinished is sent back to step 1, which still works', async ({ page, request }) => {
  test.setTimeout(180_000);
  const landlordEmail = uniqueEmail('una');

  await signUp(page, { firstName: 'Una', lastName: 'Unfinished', email: landlordEmail, phone: '(555) 777-3434' });
  await signInThroughPage(page, await createUser(request, { type: 'operator' }));
  await approve(page, 'Una Unfinished', landlordEmail);
  await signOut(page);

  const stepOne = stepOneLink(await latestEmailTo(request, landlordEmail));
  await page.goto(stepOne);
  await page.getByRole('button', { name: 'Return without finishing' }).click();
  await expect(page).toHaveURL(/\/landlord\/stripe-account\/error$/);
  await expect(page.getByText(/follow step 1 again/)).toBeVisible();

  await page.goto(stepOne);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/landlord\/stripe-account\/created$/);
});
