import { expect, test, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { signIn } from './support/session';
import { expectNoAccessibilityViolations } from './support/accessibility';
import * as shots from './support/screenshots';

/**
 * Statements (issue 13): the demo landlord walks payment history to a month and a receipt, and
 * downloads a yearly CSV and PDF with the figures of the screen.
 */

const DEMO_LANDLORD = { email: 'landlord@rentwise.demo', password: 'rentwise-demo-2019', type: 'landlord' as const };
const SHOTS = '/tmp/statements-shots';
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const main = (page: Page) => page.getByRole('main');

const screenshots = (page: Page, name: string) => shots.screenshots(page, (width) => `${SHOTS}/${name}-${width}.png`, [shots.PHONE_375, shots.DESKTOP]);

test.describe.configure({ mode: 'serial' });

// The demo data is loaded before the journeys run (scripts/e2e-server.js).
test.beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

test('the demo landlord walks payment history to a month and a receipt', async ({ page }) => {
  await signIn(page, DEMO_LANDLORD);
  await expect(page.getByRole('heading', { name: /at a glance/ })).toBeVisible();
  await screenshots(page, 'dashboard');
  await page.getByRole('link', { name: /Payment History/ }).first().click();

  await expect(heading(page)).toHaveText('Payment History');
  await expect(main(page).getByText(/Dates are read in Eastern \(New York\) time/)).toBeVisible();
  await screenshots(page, 'payment-history');
  await main(page).getByRole('list', { name: 'Properties' }).getByRole('link').first().click();

  await expect(heading(page)).toContainText('1428 Elm Street');
  const months = main(page).getByRole('list', { name: 'Months' });
  // The projector catches up within seconds of the seed (woken through the outbox).
  await expect(async () => {
    await page.reload();
    await expect(months.getByText('Full Amount Received').first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expectNoAccessibilityViolations(page);
  await screenshots(page, 'monthly-overview');

  await months.getByText('Full Amount Received').first().click();
  await expect(heading(page)).toHaveText('Payments Received');
  await expect(main(page).getByText(/Payments made from 11 \w+ (\d{4} )?to 10 \w+/)).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await screenshots(page, 'month-payments');
  await main(page).getByRole('list', { name: 'Payments received' }).getByRole('link').first().click();

  await expect(page).toHaveURL(/\/landlord\/payment-receipt\//);
  await expect(heading(page)).toHaveText('Payment Receipt');
});

test('the demo landlord downloads a yearly CSV and PDF with the figures of the screen', async ({ page }) => {
  const year = new Date().getFullYear();
  await signIn(page, DEMO_LANDLORD, `/landlord/statements?year=${year}`);
  await expect(heading(page)).toHaveText('Statements');
  await main(page).getByLabel('Property').selectOption({ index: 1 });
  await expect(main(page).getByText(`${year} · 1428 Elm Street`, { exact: false })).toBeVisible();
  await expect(main(page).getByText(/Payments made from 11 December/)).toBeVisible();
  const received = await main(page).getByRole('region', { name: `${year} statement` }).locator('tfoot td').nth(3).innerText();
  await expectNoAccessibilityViolations(page);
  await screenshots(page, 'statements');

  const [csv] = await Promise.all([page.waitForEvent('download'), main(page).getByRole('link', { name: 'Download CSV' }).click()]);
  expect(csv.suggestedFilename()).toMatch(new RegExp(`^rentwise-${year}-[a-z0-9-]+\\.csv$`));
  const csvText = readFileSync(await csv.path(), 'utf8');
  expect(csvText).toContain('Billing period,Payments made from 11 December');
  const totalLine = csvText.split('\r\n').find((line) => line.startsWith('Total,'))!;
  expect(totalLine.split(',')[4]).toBe(received.replace(/[$,]/g, ''));

  const [pdf] = await Promise.all([page.waitForEvent('download'), main(page).getByRole('link', { name: 'Download PDF' }).click()]);
  expect(pdf.suggestedFilename()).toMatch(new RegExp(`^rentwise-${year}-[a-z0-9-]+\\.pdf$`));
  const pdfPath = `${SHOTS}/yearly.pdf`;
  await pdf.saveAs(pdfPath);
  expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
  // Rendered as a landlord would see it; the pictures are looked at, not compared.
  await promisify(execFile)('pdftoppm', ['-png', '-r', '60', pdfPath, `${SHOTS}/yearly-pdf`]);
});
