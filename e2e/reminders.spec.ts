import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/session';
import * as shots from './support/screenshots';

/**
 * Issue 36 (decision 0041): the demo landlord opens Who Owes What from the dashboard, then turns one
 * reminder off for a property on its Reminders page, and on again.
 */

const DEMO_LANDLORD = { email: 'landlord@rentwise.demo', password: 'rentwise-demo-2019', type: 'landlord' as const };
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const main = (page: Page) => page.getByRole('main');

const screenshots = (page: Page, name: string, outputPath: (name: string) => string) =>
  shots.screenshots(page, (width) => outputPath(`${name}-${width}.png`), [shots.PHONE_320, shots.DESKTOP]);

test('the demo landlord sees who owes what, and turns a reminder off and on for a property', async ({ page }, testInfo) => {
  await signIn(page, DEMO_LANDLORD, '/landlord/dashboard');
  await main(page).getByRole('link', { name: /Who Owes What/ }).click();
  await expect(heading(page)).toHaveText('Who Owes What');
  await expect(main(page).getByRole('table').or(main(page).getByRole('heading', { name: 'Nobody owes rent' }))).toBeVisible();
  await screenshots(page, 'who-owes-what', (name) => testInfo.outputPath(name));

  await page.goto('/landlord/properties?mode=address');
  await main(page).getByRole('link', { name: /1428 Elm Street/ }).click();
  await expect(heading(page)).toHaveText('Update Property');
  await main(page).getByRole('link', { name: /Reminders/ }).click();
  await expect(heading(page)).toHaveText('Reminders');
  const dueToday = main(page).getByRole('checkbox', { name: /Rent due today/ });
  await expect(dueToday).toBeChecked();
  await dueToday.uncheck();
  await main(page).getByRole('button', { name: 'Save Reminders' }).click();
  await expect(page.getByText('Reminders saved.')).toBeVisible();
  await page.reload();
  await expect(main(page).getByRole('checkbox', { name: /Rent due today/ })).not.toBeChecked();
  await screenshots(page, 'property-reminders', (name) => testInfo.outputPath(name));

  await main(page).getByRole('checkbox', { name: /Rent due today/ }).check();
  await main(page).getByRole('button', { name: 'Save Reminders' }).click();
  await expect(page.getByText('Reminders saved.').first()).toBeVisible();
});
