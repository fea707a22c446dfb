import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { E2E_PASSWORD, runServerCli, uniqueEmail } from './support/fixtures';
import { signIn } from './support/session';
import { expectNoAccessibilityViolations } from './support/accessibility';
import * as shots from './support/screenshots';

/**
 * Finance staff (issue 15): a finance user made with `npm run finance:create` exports the demo
 * data's year as a background job, watches it, downloads the CSV, and its totals are the demo
 * landlord's own yearly statement.
 */

const DEMO_LANDLORD = { email: 'landlord@rentwise.demo', password: 'rentwise-demo-2019' };
const SHOTS = '/tmp/finance-shots';
// A whole past year: only the demo data has payments counted to it (other journeys pay today).
const YEAR = new Date().getFullYear() - 1;
const main = (page: Page) => page.getByRole('main');

interface YearlyTotals {
  rentDueCents: number;
  grossCents: number;
  platformFeeCents: number;
  receivedCents: number;
  processorFeeCents: number;
  netCents: number;
}

const screenshots = (page: Page, name: string) => shots.screenshots(page, (width) => `${SHOTS}/${name}-${width}.png`, [shots.PHONE_375, shots.DESKTOP]);

/** Splits a CSV line on commas outside quotes. */
const cellsOf = (line: string) => line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/);

test.describe.configure({ mode: 'serial' });

// The demo data is loaded before the journeys run (scripts/e2e-server.js).
test('a finance user exports the demo year as CSV, watches it run, and its totals are the landlord’s own', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  // Made the way staff are made: the CLI prints a single-use link to set the password.
  const email = uniqueEmail('finance');
  const printed = await runServerCli('create-finance-user', ['--email', email, '--first-name', 'Fay', '--last-name', 'Finance']);
  expect(printed).toContain(`Finance user ${email} created`);
  const link = new URL(/https?:\/\/\S+\/account\/create-password\S+/.exec(printed)![0]);
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create Password');
  await page.getByLabel('New password').fill(E2E_PASSWORD);
  await page.getByLabel('Confirm password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Create Password' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you!');

  await signIn(page, { email, password: E2E_PASSWORD, type: 'finance' });
  await expect(page).toHaveURL('/finance');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Yearly exports');

  // The landlord's pages are not finance's: the app sends them home.
  await page.goto('/landlord/dashboard');
  await expect(page).toHaveURL('/finance');

  // What the page is told while the export runs, for the progress it showed.
  const seen: { status: string; landlordsDone: number; landlordsTotal: number | null }[] = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('/api/finance/exports') || response.request().method() !== 'GET') return;
    const body = (await response.json().catch(() => null)) as { exports?: { year: number; format: string; status: string; landlordsDone: number; landlordsTotal: number | null }[] } | null;
    const mine = body?.exports?.find((row) => row.year === YEAR && row.format === 'csv');
    if (mine) seen.push({ status: mine.status, landlordsDone: mine.landlordsDone, landlordsTotal: mine.landlordsTotal });
  });

  await main(page).getByRole('combobox', { name: 'Year' }).selectOption(String(YEAR));
  await main(page).getByRole('radio', { name: /CSV/ }).check();
  await main(page).getByRole('button', { name: 'Start export' }).click();
  const row = main(page).getByRole('listitem', { name: `${YEAR} · CSV` }).first();
  await expect(row).toBeVisible();
  // The export lives on the server: a reload finds it, running or done.
  await page.reload();
  await expect(row).toBeVisible();
  await expect(row.getByText(/of \d+ landlords|Waiting to start|Counting landlords|Ready/).first()).toBeVisible();
  await expect(row.getByText('Ready')).toBeVisible({ timeout: 60_000 });
  await expect(row.getByText(/\d+ landlords? · .* kept until/)).toBeVisible();
  expect(seen.length).toBeGreaterThan(0);
  const last = seen[seen.length - 1];
  expect(last.status).toBe('completed');
  expect(last.landlordsDone).toBe(last.landlordsTotal);

  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await screenshots(page, 'finance-exports');

  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe(`rentwise-${YEAR}-all-landlords.csv`);
  const [header, ...lines] = readFileSync(await download.path(), 'utf8').trimEnd().split('\r\n');
  const columns = cellsOf(header);
  const column = (name: string) => columns.indexOf(name);
  const rows = lines.map(cellsOf);
  expect(new Set(rows.map((cells) => cells[column('Landlord email')]))).toEqual(new Set([DEMO_LANDLORD.email]));
  const sum = (name: string) => Math.round(rows.reduce((total, cells) => total + Number(cells[column(name)]) * 100, 0));

  // The landlord's own yearly statement, read as the landlord.
  const landlord = await playwrightRequest.newContext({ baseURL });
  const login = await landlord.post('/api/account/login', { data: DEMO_LANDLORD });
  expect(login.status()).toBe(200);
  const statement = (await (await landlord.get(`/api/landlord/statements/statement?year=${YEAR}`)).json()) as {
    statement: { totals: YearlyTotals; calendarYear: { totals: { grossCents: number } } };
  };
  await landlord.dispose();
  const own = statement.statement;
  expect(own.totals.receivedCents).toBeGreaterThan(0);
  expect({
    rentDueCents: sum('Rent due'),
    grossCents: sum('Paid by tenants'),
    platformFeeCents: sum('Platform fee'),
    receivedCents: sum('Received'),
    processorFeeCents: sum('Processor fee'),
    netCents: sum('Net deposited'),
    calendarGrossCents: sum('Paid in calendar month (by payment date)'),
  }).toEqual({
    rentDueCents: own.totals.rentDueCents,
    grossCents: own.totals.grossCents,
    platformFeeCents: own.totals.platformFeeCents,
    receivedCents: own.totals.receivedCents,
    processorFeeCents: own.totals.processorFeeCents,
    netCents: own.totals.netCents,
    calendarGrossCents: own.calendarYear.totals.grossCents,
  });
});
