import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/accessibility';
import { latestEmailTo, mailboxMark } from './support/mailbox';
import { payableHome } from './support/payments';
import { signIn, signInThroughPage } from './support/session';
import * as shots from './support/screenshots';

/**
 * Autopay (issue 37, decision 0042) against the real product and its sandbox: the demo tenant links
 * the sandbox's test account by hand on the Autopay page, which saves it, turns autopay on with the
 * defaults (3 days before the due day, the balance due), and the server's clock (the dev-only
 * /dev/clock, which runs the rent charges and then the autopay job) moves into the notice window,
 * where the "Autopay will pay" email arrives, then past the debit time, where the automatic payment
 * is Processing until a developer settles it on /dev/sandbox, then Paid, and marked Autopay on the
 * landlord's month page. At the end autopay is off, the saved account removed and the clock back, as
 * the later journeys on the demo data expect; the second demo tenant, Jordan Lee, stays on autopay
 * (the moved clock pays their month too). A second journey turns autopay on by card, for a tenant of
 * a new landlord's: the sandbox's test card saved on the page, charged off-session on the debit day,
 * Paid at once. Both live in this file so that the clock moves over the demo data in one lane only.
 */

const DEMO_TENANT = { email: 'tenant@rentwise.demo', password: 'rentwise-demo-2019', type: 'tenant' as const };
const DEMO_LANDLORD = { email: 'landlord@rentwise.demo', password: 'rentwise-demo-2019', type: 'landlord' as const };
/** The sandbox's test account whose debits settle, entered by hand with its routing number. */
const ROUTING_NUMBER = '110000000';
const ACCOUNT_NUMBER = '000123456789';
const ACCOUNT_LABEL = 'STRIPE TEST BANK ••••6789';
const SHOTS = '/tmp/autopay-shots';
const HOUR_MS = 3_600_000;

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const main = (page: Page) => page.getByRole('main');
const field = (page: Page, label: string) => main(page).locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

/** GET /api/tenant/autopay, as the page reads it (the fields this journey needs). */
interface AutopayView {
  isOn: boolean;
  timeZone: string;
  cardFeeCents: number;
  next: { period: string; debitAt: string; estimatedCents: number; skipped: boolean } | null;
  savedBankAccounts: { id: string; bankName: string; last4: string }[];
  recentPayments: { period: string; attempt: number; amountCents: number; status: string }[];
}

async function autopayOf(request: APIRequestContext): Promise<AutopayView> {
  const response = await request.get('/api/tenant/autopay');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { autopay: AutopayView }).autopay;
}

const dollars = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
/** '2027-01' -> 'January 2027', as the page names a rent month. */
const monthLabel = (period: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${period}-01T12:00:00Z`));
/** 'Tuesday, December 29' on the landlord's calendar, as the page and the notice email say the debit day. */
const weekdayDate = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone }).format(new Date(iso));

/** Moves the server's clock forward; answers what the rent charge and autopay jobs did there. */
async function moveClock(request: APIRequestContext, to: Date): Promise<{ autopay: { notices: number; payments: number; settled: number } }> {
  const moved = await request.post('/dev/clock', { data: { to: to.toISOString() } });
  expect(moved.status(), await moved.text()).toBe(200);
  return ((await moved.json()) as { ran: { autopay: { notices: number; payments: number; settled: number } } }).ran;
}

/** The page at a phone's width and a desktop's, at the top, without a focus ring: a person looks at these. */
const screenshots = (page: Page, name: string) =>
  shots.screenshots(page, (width) => `${SHOTS}/${name}-${width}.png`, [shots.PHONE_375, shots.DESKTOP], { restore: true, fromTop: true });

/** A developer settles the tenant's processing debit on /dev/sandbox, as a person would. */
async function settleOnSandbox(browser: Browser, amount: string) {
  const tools = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await tools.goto('/dev/sandbox');
  const section = tools.locator('section', { has: tools.getByRole('heading', { name: 'Bank payments processing' }) });
  // The demo landlord's other tenant, Jordan Lee, pays from the same test account: the address tells them apart.
  const debit = section.getByRole('row').filter({ hasText: DEMO_LANDLORD.email }).filter({ hasText: '1428 Elm Street' }).filter({ hasText: amount });
  await expect(debit).toHaveCount(1);
  await shots.screenshot(tools, `${SHOTS}/dev-sandbox-1280.png`);
  await debit.getByRole('button', { name: 'Settle now' }).click();
  await expect(tools.getByRole('status')).toContainText('settled');
  await tools.context().close();
}

test.use({ viewport: { width: 375, height: 812 } });

test.afterEach(async ({ request }) => {
  // Whatever happened above: the clock back, the demo tenant off autopay and without the saved account.
  await request.post('/dev/clock', { data: { reset: true } });
  const login = await request.post('/api/account/login', { data: { email: DEMO_TENANT.email, password: DEMO_TENANT.password } });
  expect(login.status(), await login.text()).toBe(200);
  const headers = { 'X-CSRF-Token': (await request.storageState()).cookies.find((cookie) => cookie.name === 'rw_csrf')!.value };
  const off = await request.delete('/api/tenant/autopay', { headers });
  expect(off.status(), await off.text()).toBe(200);
  for (const saved of (await autopayOf(request)).savedBankAccounts.filter((account) => account.last4 === ACCOUNT_NUMBER.slice(-4))) {
    const removed = await request.delete(`/api/tenant/bank-accounts/${saved.id}`, { headers });
    expect(removed.status(), await removed.text()).toBe(204);
  }
});

test('the demo tenant turns autopay on from a saved bank account, is emailed before the debit, and the automatic payment is paid', async ({ browser, page }) => {
  test.setTimeout(360_000);

  // The dashboard offers autopay; its page links the sandbox's test account, entered by hand, and saves it.
  await signInThroughPage(page, DEMO_TENANT);
  await page.goto('/tenant/dashboard');
  const balance = main(page).getByRole('region', { name: /Balance due|all paid up|Credit/ });
  await balance.getByRole('link', { name: 'Set up autopay' }).click();
  await expect(heading(page)).toHaveText('Autopay');
  await expect(main(page).getByRole('heading', { name: 'Autopay is off' })).toBeVisible();
  await screenshots(page, 'autopay-link');
  // Link a bank account when none is saved; Link another account beside those an earlier journey saved.
  await main(page).getByRole('button', { name: /^Link (a bank account|another account)$/ }).click();
  const link = page.getByRole('dialog');
  await expect(link.getByRole('heading', { name: 'Select your bank' })).toBeVisible();
  await screenshots(page, 'autopay-link-dialog');
  await link.getByRole('button', { name: 'Enter bank details manually instead' }).click();
  await link.getByRole('textbox', { name: 'Routing number' }).fill(ROUTING_NUMBER);
  await link.getByRole('textbox', { name: 'Account number' }).fill(ACCOUNT_NUMBER);
  await expect(link.getByRole('textbox', { name: 'Account holder name' })).toHaveValue('Sam Rivera');
  await link.getByRole('button', { name: 'Continue' }).click();
  await link.getByRole('textbox', { name: '6-character code' }).fill('SM11AA');
  await link.getByRole('button', { name: 'Verify account' }).click();
  await expect(link).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `${ACCOUNT_LABEL} is saved.` })).toBeVisible();

  // The form starts from the account just saved and the defaults.
  // What it pays from sits above the form of the rest.
  await expect(main(page).getByRole('group', { name: 'Pay from' }).getByRole('radio', { name: ACCOUNT_LABEL })).toBeChecked();
  const form = main(page).getByRole('form', { name: 'Turn on autopay' });
  await expect(form.getByRole('combobox', { name: 'Payment day' })).toHaveValue('3');
  await expect(form.getByRole('combobox', { name: 'Payment day' }).locator('option:checked')).toHaveText('3 days before');
  await expect(form.getByRole('radio', { name: /The balance due on that day/ })).toBeChecked();
  await expect(form.getByText('No fee')).toBeVisible();
  const mandate = form.getByTestId('autopay-mandate');
  await expect(mandate).toContainText('I, Sam Rivera, authorize Dana Whitaker, through Rentwise and its payment processor Stripe,');
  await expect(mandate).toContainText('to debit my STRIPE TEST BANK account ending in 6789 every month, 3 days before rent is due on the 1st of the month,');
  await expect(mandate).toContainText('for the balance due on that day, to pay rent for 1428 Elm Street');
  await expect(mandate).toContainText('I will be emailed the date and amount 3 days before each debit.');
  const authorize = form.getByRole('checkbox', { name: 'I authorize these debits' });
  await authorize.check();
  await expectNoAccessibilityViolations(page);
  await screenshots(page, 'autopay-off');
  await form.getByRole('button', { name: 'Turn on autopay' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Autopay is on.' })).toBeVisible();
  const status = main(page).getByRole('region', { name: 'Autopay is on' });
  await expect(status).toBeVisible();
  await expect(status.getByText(`From ${ACCOUNT_LABEL}`)).toBeVisible();
  const on = await autopayOf(page.request);
  expect(on.isOn).toBe(true);
  const next = on.next!;
  expect(next.skipped).toBe(false);
  await expect(status.getByText(/^Next automatic payment:/)).toHaveText(
    `Next automatic payment: ~about ${dollars(next.estimatedCents)} on ${weekdayDate(next.debitAt, on.timeZone)} for ${monthLabel(next.period)} rent.`,
  );
  await expect(main(page).getByRole('button', { name: 'Turn off autopay' })).toBeVisible();
  await expect(main(page).getByRole('form', { name: 'Change autopay' }).getByRole('checkbox', { name: 'I authorize these debits' })).not.toBeChecked();
  await expectNoAccessibilityViolations(page);
  await screenshots(page, 'autopay-on');

  await main(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(balance.locator('dt', { hasText: 'Autopay' }).locator('xpath=following-sibling::dd[1]')).toHaveText(
    new RegExp(`for ~about ${dollars(next.estimatedCents).replace(/[$.]/g, '\\$&')}$`),
  );
  await shots.screenshot(page, `${SHOTS}/dashboard-autopay-on-375.png`);

  // Inside the notice window: three days before the debit, after 9:00 on the landlord's clock (the
  // debit runs from 6:00, the notice from 9:00 three days before it: 2 days 12 hours before is inside).
  const debitAt = new Date(next.debitAt).getTime();
  const mark = await mailboxMark(page.request);
  const notice = await moveClock(page.request, new Date(Math.max(debitAt - 60 * HOUR_MS, Date.now() + 60_000)));
  expect(notice.autopay.notices).toBeGreaterThanOrEqual(1);
  expect(notice.autopay.payments).toBe(0);
  // A session's days have passed on the moved clock: sign in again.
  await signIn(page, DEMO_TENANT, '/tenant/autopay');
  // What the debit will take now: the balance that day (December's rent is charged by now) and the month's rent.
  const noticed = (await autopayOf(page.request)).next!;
  expect(noticed.period).toBe(next.period);
  const amount = dollars(noticed.estimatedCents);
  const email = await latestEmailTo(page.request, DEMO_TENANT.email, { after: mark, timeoutMs: 30_000 });
  expect(email.subject).toBe(`Autopay will pay ${amount} on ${weekdayDate(next.debitAt, on.timeZone)}`);
  expect(email.text).toContain(`autopay will pay your rent for ${monthLabel(next.period)} for 1428 Elm Street`);
  await expect(main(page).getByRole('region', { name: 'Autopay is on' }).getByText(/^Next automatic payment:/)).toContainText(amount);

  const mailbox = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await mailbox.goto('/dev/mailbox');
  await expect(
    mailbox.getByTestId('email').filter({ has: mailbox.getByRole('heading', { name: email.subject, exact: true }) }).filter({ hasText: `To ${DEMO_TENANT.email}` }),
  ).toHaveCount(1);
  await shots.screenshot(mailbox, `${SHOTS}/mailbox-notice-1280.png`, { fullPage: false });
  await mailbox.context().close();

  // Just past the debit time: the job makes the month's payment, Processing at the bank.
  const debit = await moveClock(page.request, new Date(Math.max(debitAt, Date.now()) + 60_000));
  expect(debit.autopay.payments).toBeGreaterThanOrEqual(1);
  await signIn(page, DEMO_TENANT, '/tenant/autopay');
  const recent = main(page).getByRole('region', { name: 'Recent automatic payments' }).getByRole('listitem').filter({ hasText: monthLabel(next.period) });
  await expect(recent).toHaveCount(1);
  await expect(recent).toContainText(amount);
  await expect(recent).toContainText('Processing');
  // The month is paid for: the next one is the month after.
  await expect(main(page).getByRole('region', { name: 'Autopay is on' }).getByText(/^Next automatic payment:/)).not.toContainText(`for ${monthLabel(next.period)} rent`);
  await screenshots(page, 'autopay-processing');
  await page.goto('/tenant/payment-history');
  const newest = main(page).getByRole('link', { name: /View receipt/ }).first();
  await expect(newest).toContainText(amount);
  await expect(newest).toContainText('Processing');
  await expect(newest).toContainText('Autopay');

  // Settled at the bank: the receipt says Paid, and the autopay job's next run (every 15 minutes; the
  // clock nudged a minute on runs it at once) marks the automatic payment Paid.
  const receipt = (await newest.getAttribute('href'))!;
  await settleOnSandbox(browser, amount);
  await expect(async () => {
    await page.goto(receipt);
    await expect(field(page, 'Status')).toHaveText('Paid', { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(field(page, 'Amount Paid')).toHaveText(amount);
  await expect(field(page, 'Payment Method')).toContainText('6789');
  await expect(field(page, 'Payment Method')).toContainText('Autopay');
  await screenshots(page, 'receipt-autopay');
  const followUp = await moveClock(page.request, new Date(Math.max(debitAt, Date.now()) + 2 * 60_000));
  expect(followUp.autopay.settled).toBeGreaterThanOrEqual(1);
  await page.goto('/tenant/autopay');
  await expect(recent).toContainText('Paid');
  await expect(recent).toContainText(amount);

  // The landlord's month page marks it Autopay. Rent is due on the 1st, so a debit up to 12 days
  // before counts to its rent's month (payments after the 10th count to the next).
  const landlord = await (await browser.newContext({ viewport: { width: 375, height: 812 } })).newPage();
  await signIn(landlord, DEMO_LANDLORD, '/landlord/payment-history');
  await main(landlord).getByRole('list', { name: 'Properties' }).getByRole('link').filter({ hasText: '1428 Elm Street' }).click();
  await main(landlord).getByRole('list', { name: 'Months' }).getByRole('link').filter({ hasText: monthLabel(next.period) }).click();
  await expect(heading(landlord)).toHaveText('Payments Received');
  const automatic = main(landlord).getByRole('list', { name: 'Payments received' }).getByRole('link').filter({ hasText: 'Sam Rivera' });
  // The statements projector follows the ledger within seconds.
  await expect(async () => {
    await landlord.reload();
    await expect(automatic).toContainText('Bank payment', { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(automatic).toHaveCount(1);
  await expect(automatic).toContainText('Autopay');
  await expectNoAccessibilityViolations(landlord);
  await screenshots(landlord, 'landlord-month-autopay');
  await landlord.context().close();
  await page.goto('/tenant/dashboard');
  await expect(balance.locator('dt', { hasText: 'Last payment' }).locator('xpath=following-sibling::dd[1]')).toContainText(`${amount} on`);
  await expect(balance.locator('dt', { hasText: 'Last payment' }).locator('xpath=following-sibling::dd[1]')).toContainText('Paid');

  // Off again, as the demo data had it.
  await balance.locator('dt', { hasText: 'Autopay' }).locator('xpath=following-sibling::dd[1]').getByRole('link').click();
  await expect(heading(page)).toHaveText('Autopay');
  await main(page).getByRole('button', { name: 'Turn off autopay' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Turn off autopay?' });
  await confirm.getByRole('button', { name: 'Turn off autopay' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Autopay is off.' })).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Autopay is off' })).toBeVisible();
  await expect(main(page).getByRole('region', { name: 'Recent automatic payments' })).toContainText('Paid');
});

test('a tenant saves the sandbox’s test card on the Autopay page, turns autopay on with it, and the debit day charges it: Paid at once', async ({
  browser,
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(300_000);
  // A tenant of their own, of a landlord of their own, so the demo tenants' cards stay as they were.
  const fixtureRequests = await playwright.request.newContext({ baseURL });
  const home = await payableHome(browser, fixtureRequests, baseURL!);
  const tenant = await home.addTenant('Casey');
  await fixtureRequests.dispose();

  await signIn(page, tenant, '/tenant/autopay');
  await expect(heading(page)).toHaveText('Autopay');
  const payFrom = main(page).getByRole('group', { name: 'Pay from' });
  await payFrom.getByRole('group', { name: 'Bank account or card' }).getByRole('button', { name: /^Card / }).click();
  const fee = dollars((await autopayOf(page.request)).cardFeeCents);
  await expect(payFrom).toContainText(`Each payment by card adds the ${fee} processing fee.`);
  await payFrom.getByRole('button', { name: 'Add a card' }).click();

  const adding = main(page).getByRole('region', { name: 'Add a card' });
  await expect(adding.getByText('Sandbox — test cards only')).toBeVisible();
  await adding.getByLabel('Card number').fill('4242 4242 4242 4242');
  await adding.getByLabel('Expiry (MM/YY)').fill('12/34');
  await adding.getByLabel('CVC').fill('123');
  await expectNoAccessibilityViolations(page);
  await screenshots(page, 'autopay-card-add');
  await adding.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Visa •••• 4242 is saved.' })).toBeVisible();
  await expect(adding).toBeHidden();

  // The card just saved is chosen; its fee and its authorization are there before turning on.
  await expect(payFrom.getByRole('radio', { name: 'Visa •••• 4242 Expires 12/34' })).toBeChecked();
  const form = main(page).getByRole('form', { name: 'Turn on autopay' });
  await expect(form.locator('dt', { hasText: 'Fees' }).locator('xpath=following-sibling::dd[1]')).toHaveText(`${fee} processing fee on each payment`);
  const authorization = form.getByTestId('autopay-mandate');
  await expect(authorization).toContainText('I, Casey Tenant, authorize Lena Landlord, through Rentwise and its payment processor Stripe,');
  await expect(authorization).toContainText('to charge my Visa card ending in 4242 every month, 3 days before rent is due');
  await expect(authorization).toContainText(`for the balance due on that day, plus the ${fee} card processing fee`);
  await form.getByRole('checkbox', { name: 'I authorize these card payments' }).check();
  await expectNoAccessibilityViolations(page);
  await screenshots(page, 'autopay-card-off');
  await form.getByRole('button', { name: 'Turn on autopay' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Autopay is on.' })).toBeVisible();
  const status = main(page).getByRole('region', { name: 'Autopay is on' });
  await expect(status.getByText('From Visa •••• 4242')).toBeVisible();
  const next = (await autopayOf(page.request)).next!;
  await expect(status.getByText(/^Next automatic payment:/)).toContainText(`plus the ${fee} processing fee.`);
  await screenshots(page, 'autopay-card-on');

  // Autopay pays with the card: it cannot be removed until autopay changes.
  await payFrom.getByRole('button', { name: 'Remove Visa •••• 4242' }).click();
  await page.getByRole('alertdialog', { name: 'Remove Visa •••• 4242?' }).getByRole('button', { name: 'Remove card' }).click();
  await expect(payFrom.getByRole('alert')).toHaveText(
    'Autopay pays with this card. Choose another card or bank account for autopay, or turn autopay off, before removing it.',
  );
  await expect(payFrom.getByRole('radio', { name: /Visa •••• 4242/ })).toBeChecked();

  // Just past the debit time: the card is charged off-session, Paid at once.
  const debit = await moveClock(page.request, new Date(Math.max(new Date(next.debitAt).getTime(), Date.now()) + 60_000));
  expect(debit.autopay.payments).toBeGreaterThanOrEqual(1);
  await signIn(page, tenant, '/tenant/autopay');
  const paid = (await autopayOf(page.request)).recentPayments.find((run) => run.period === next.period)!;
  expect(paid.status).toBe('succeeded');
  const amount = dollars(paid.amountCents);
  const recent = main(page).getByRole('region', { name: 'Recent automatic payments' }).getByRole('listitem').filter({ hasText: monthLabel(next.period) });
  await expect(recent).toContainText(amount);
  await expect(recent).toContainText('Paid');
  await screenshots(page, 'autopay-card-paid');
  await page.goto('/tenant/payment-history');
  const newest = main(page).getByRole('link', { name: /View receipt/ }).first();
  await expect(newest).toContainText('Autopay');
  await expect(newest).not.toContainText('Processing');
  await newest.click();
  await expect(field(page, 'Status')).toHaveText('Paid');
  await expect(field(page, 'Payment Method')).toContainText('4242');
  await expect(field(page, 'Payment Method')).toContainText('Autopay');
});
