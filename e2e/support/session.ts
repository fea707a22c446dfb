import { expect, type Page } from '@playwright/test';
import type { E2eUser, UserType } from './fixtures';

export const DASHBOARD: Record<UserType, string> = {
  landlord: '/landlord/dashboard',
  tenant: '/tenant/dashboard',
  operator: '/operator/registrations',
  finance: '/finance',
};

/** Where signing in takes each kind of person (spec section 4: a tenant lands on the payment screen). */
export const LANDING: Record<UserType, string> = { ...DASHBOARD, tenant: '/tenant/payment' };

/** Signs in through the sign-in page, as a person would, and waits for where it lands them. */
export async function signInThroughPage(page: Page, user: Pick<E2eUser, 'email' | 'password' | 'type'>): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(LANDING[user.type]);
}

/**
 * Signs in through the API with the page's own cookie jar (fast: for tests about something else),
 * then opens `path` (the person's dashboard by default).
 */
export async function signIn(page: Page, user: Pick<E2eUser, 'email' | 'password' | 'type'>, path?: string): Promise<void> {
  const response = await page.request.post('/api/account/login', { data: { email: user.email, password: user.password } });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto(path ?? DASHBOARD[user.type]);
}

/** Signs out with the header's Sign Out button and waits for the home page. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
}
