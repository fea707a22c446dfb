import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expectNoAccessibilityViolations } from './support/accessibility';
import { signIn } from './support/session';
import * as shots from './support/screenshots';

/**
 * The transactions export (issue 38, decision 0045): the demo landlord downloads last year's
 * movements as one CSV for their accountant, from the Statements page.
 */

const DEMO_LANDLORD = { email: 'landlord@rentwise.demo', password: 'rentwise-demo-2019', type: 'landlord' as const };
const SHOTS = '/tmp/transactions-export-shots';

test('the demo landlord downloads a year of transactions as CSV', async ({ page }) => {
  // Last year: a whole year of the demo's rent, whatever today's date.
  const year = new Date().getFullYear() - 1;
  await signIn(page, DEMO_LANDLORD, `/landlord/statements?year=${year}`);
  const section = page.getByRole('region', { name: 'Transactions for your accountant' });
  await expect(section).toBeVisible();
  await expect(section.getByLabel('Transactions of')).toHaveValue(String(year));
  await expectNoAccessibilityViolations(page);
  await section.scrollIntoViewIfNeeded();
  await shots.screenshots(page, (width) => `${SHOTS}/statements-transactions-${width}.png`, [{ width: 375, height: 900 }, { width: 1280, height: 900 }]);

  // The projector catches up within seconds of the seed: download until the year has its lines.
  await expect(async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('link', { name: 'Transactions (CSV)' }).click()]);
    expect(download.suggestedFilename()).toBe(`rentwise-transactions-${year}.csv`);
    const [header, ...lines] = readFileSync(await download.path(), 'utf8').trimEnd().split('\r\n');
    expect(header).toBe(
      'Date paid,Date settled,Billing month,Tenant,Property,Kind,Charged to tenant,Gross,Platform fee,Processor fee,Processing,Net,Deposit,Deposit arrived,Receipt',
    );
    // Every month's rent charge and payment, at the least.
    expect(lines.length).toBeGreaterThanOrEqual(24);
    expect(lines.some((line) => line.includes(',Rent payment,'))).toBe(true);
    expect(lines.some((line) => line.includes(',Rent charge,'))).toBe(true);
    expect(lines.every((line) => line.startsWith(String(year)))).toBe(true);
  }).toPass({ timeout: 30_000 });
});
