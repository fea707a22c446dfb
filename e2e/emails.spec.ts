import { expect, test, type APIRequestContext, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { latestEmailTo, mailboxMark, type MailboxEmail } from './support/mailbox';
import { payableHome, type PayableHome } from './support/payments';
import { signIn } from './support/session';
import type { E2eUser } from './support/fixtures';
import * as shots from './support/screenshots';

/**
 * Issue 33: every email is HTML that looks like the product, with its plain-text part, and the dev
 * mailbox shows both as the recipient would see them. One landlord and tenant for the file: the
 * tenant's invitation and, after one card payment, the receipt.
 */

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

let home: PayableHome;
let tenant: E2eUser;
let fixtureRequests: APIRequestContext;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser, playwright, baseURL }) => {
  test.setTimeout(180_000);
  fixtureRequests = await playwright.request.newContext({ baseURL });
  home = await payableHome(browser, fixtureRequests, baseURL!);
  tenant = await home.addTenant('Tess');
});

test.afterAll(async () => {
  await fixtureRequests?.dispose();
});

/** The email's entry on /dev/mailbox (newest first), found by its subject and recipient. */
async function openInMailbox(page: Page, email: MailboxEmail): Promise<{ entry: Locator; frame: FrameLocator }> {
  await page.goto('/dev/mailbox');
  const entry = page
    .getByTestId('email')
    .filter({ has: page.getByRole('heading', { name: email.subject, exact: true }) })
    .filter({ hasText: `To ${email.to[0]}` })
    .first();
  await expect(entry).toBeVisible();
  await expect(entry.locator('iframe')).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
  return { entry, frame: entry.frameLocator('iframe') };
}

/** The email reads on its own width: nothing wider than the frame, the logo loaded from PUBLIC_URL. */
async function expectFitsAndShowsLogo(frame: FrameLocator) {
  const html = frame.locator('html');
  expect(await html.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  const logo = frame.locator('img[src$="/email-logo.png"]');
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(96);
}

/**
 * Screenshots to look at (not compared): the email alone, as a mail app shows it, in light and dark
 * mode at phone and desktop width; and its entry in the mailbox on the phone.
 */
async function screenshots(page: Page, entry: Locator, email: MailboxEmail, name: string) {
  await entry.scrollIntoViewIfNeeded();
  if (!shots.SCREENSHOTS_WANTED) return;
  await shots.screenshot(page, `/tmp/emails-shots/mailbox-${name}-375.png`, { fullPage: false });
  const alone = await page.context().newPage();
  for (const colorScheme of ['light', 'dark'] as const) {
    await alone.emulateMedia({ colorScheme });
    for (const viewport of [PHONE, DESKTOP]) {
      await alone.setViewportSize(viewport);
      await alone.setContent(email.html!, { waitUntil: 'load' });
      await shots.screenshot(alone, `/tmp/emails-shots/${name}-${colorScheme}-${viewport.width}.png`);
    }
  }
  await alone.close();
}

test.use({ viewport: PHONE });

test('the invitation shows its one button and the tenant’s home on a 375 px phone, with its plain text', async ({ page }) => {
  const invitation = await latestEmailTo(page.request, tenant.email);
  const { entry, frame } = await openInMailbox(page, invitation);

  await expect(frame.getByText('Hi Tess,')).toBeVisible();
  await expect(frame.getByText('Your home')).toBeVisible();
  await expect(frame.getByText(home.propertyAddress, { exact: true })).toBeVisible();
  const button = frame.getByRole('link', { name: 'Create your password' });
  await expect(button).toBeVisible();
  await expect(button).toHaveAttribute('href', /\/account\/create-password\?/);
  // The button is a tap target a thumb finds.
  expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await expect(frame.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', /\/sign-in$/);
  await expectFitsAndShowsLogo(frame);

  // The plain-text part is kept, folded under the HTML, with its links clickable.
  const plain = entry.locator('details');
  await expect(plain.locator('pre')).toBeHidden();
  await plain.getByText('Plain text').click();
  await expect(plain.locator('pre')).toContainText(`Your home: ${home.propertyAddress}`);
  await expect(plain.getByRole('link', { name: /\/account\/create-password\?/ })).toBeVisible();

  await screenshots(page, entry, invitation, 'invitation');
});

test('the receipt shows its fields as a table and one button on a 375 px phone; the button opens the receipt in a new tab', async ({ page, context }) => {
  test.setTimeout(180_000);
  await signIn(page, tenant, '/tenant/payment');
  const mark = await mailboxMark(page.request);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Make a Payment');
  await page.keyboard.type('1500');
  await expect(page.getByRole('main').getByTestId('entered-amount')).toHaveText('$1,500');
  await page.keyboard.press('Enter');
  await page.getByRole('main').getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('main').getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByRole('main').getByLabel('CVC').fill('123');
  await page.getByRole('main').getByRole('button', { name: 'Review payment' }).click();
  await page.getByRole('main').getByRole('button', { name: 'Pay $1,506.99' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Paid!');

  const receipt = await latestEmailTo(page.request, tenant.email, { after: mark, timeoutMs: 30_000 });
  expect(receipt.subject).toBe('Your rent payment of $1,506.99 to Lena Landlord');
  const { entry, frame } = await openInMailbox(page, receipt);

  await expect(frame.getByRole('heading', { name: 'Payment Receipt' })).toBeVisible();
  const fields = frame.getByRole('table');
  for (const [label, value] of [
    ['Status', 'Paid'],
    ['Amount Paid', '$1,506.99'],
    ['Paid By', 'Tess Tenant'],
    ['Paid To', 'Lena Landlord'],
    ['Payment Method', 'Visa •••• 4242'],
    ['Property', home.propertyAddress],
  ]) {
    const row = fields.getByRole('row', { name: new RegExp(`^${label}`) });
    await expect(row.getByRole('rowheader')).toHaveText(label);
    await expect(row.getByRole('cell')).toHaveText(value);
  }
  // Money right-aligned in tabular figures, as on the receipt page.
  const amount = fields.getByRole('row', { name: /^Amount Paid/ }).getByRole('cell');
  expect(await amount.evaluate((cell) => [getComputedStyle(cell).textAlign, getComputedStyle(cell).fontVariantNumeric])).toEqual(['right', 'tabular-nums']);
  const button = frame.getByRole('link', { name: 'View receipt' });
  await expect(button).toBeVisible();
  expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await expectFitsAndShowsLogo(frame);

  await entry.getByText('Plain text').click();
  const text = entry.locator('details pre');
  await expect(text).toContainText('Amount Paid: $1,506.99');
  await expect(text).toContainText('Payment Method: Visa •••• 4242');
  await expect(text.getByRole('link', { name: /\/tenant\/payment-receipt\// })).toBeVisible();

  await screenshots(page, entry, receipt, 'receipt');

  // Links leave the sandboxed frame for a tab of their own, where the tenant is signed in.
  const [receiptTab] = await Promise.all([context.waitForEvent('page'), button.click()]);
  await expect(receiptTab).toHaveURL(/\/tenant\/payment-receipt\//);
  await expect(receiptTab.getByRole('heading', { level: 1 })).toHaveText('Payment Receipt');
  await receiptTab.close();
});
