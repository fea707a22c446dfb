import { expect, request as playwright, type APIRequestContext, type Browser } from '@playwright/test';
import { Client } from 'pg';
import { createUser, E2E_PASSWORD, serverDatabaseUrl, uniqueEmail, type E2eUser } from './fixtures';
import { latestEmailTo, linkIn, pathOf } from './mailbox';

/** An API client with its own cookie jar, signed in as `user`, that sends the CSRF header on writes. */
export async function apiAs(baseURL: string, user: Pick<E2eUser, 'email' | 'password'>) {
  const context = await playwright.newContext({ baseURL });
  const login = await context.post('/api/account/login', { data: { email: user.email, password: user.password } });
  expect(login.status(), await login.text()).toBe(200);
  const csrf = (await context.storageState()).cookies.find((cookie) => cookie.name === 'rw_csrf')?.value ?? '';
  const write = async (method: 'post' | 'patch' | 'put', url: string, data: unknown) => {
    const response = await context[method](url, { data, headers: { 'X-CSRF-Token': csrf } });
    expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
    return response.json();
  };
  return {
    context,
    get: (url: string) => context.get(url),
    post: (url: string, data: unknown) => write('post', url, data),
    put: (url: string, data: unknown) => write('put', url, data),
  };
}

/** Creates the password of an account from the create-password link of its email. */
async function activateFromEmail(request: APIRequestContext, email: string, password: string): Promise<void> {
  const link = new URL(linkIn(await latestEmailTo(request, email), '/account/create-password'));
  const address = Buffer.from(link.searchParams.get('email')!, 'base64url').toString('utf8');
  const response = await request.post('/api/account/set-password', {
    data: { email: address, token: link.searchParams.get('token'), password, confirmPassword: password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

export interface PayableHome {
  landlord: E2eUser;
  propertyId: string;
  propertyAddress: string;
  /** Adds one more tenant to the property, signed up and able to sign in. */
  addTenant: (firstName: string) => Promise<E2eUser>;
}

/**
 * A landlord who came in the way every landlord does (sign-up, an operator's approval, the sandbox
 * payout account from the approval email, a password), with one property that tenants can pay for.
 */
export async function payableHome(browser: Browser, request: APIRequestContext, baseURL: string): Promise<PayableHome> {
  const landlordEmail = uniqueEmail('landlord');
  const details = { firstName: 'Lena', lastName: 'Landlord', phone: '(503) 555-0199' };
  const signUp = await request.post('/api/onboarding/registrations', { data: { ...details, email: landlordEmail, confirmEmail: landlordEmail } });
  expect(signUp.status(), await signUp.text()).toBe(201);

  const operator = await apiAs(baseURL, await createUser(request, { type: 'operator' }));
  const queue = (await (await operator.get('/api/onboarding/registrations?status=pending')).json()) as {
    rows: { registrationId: string; email: string }[];
  };
  const registration = queue.rows.find((row) => row.email === landlordEmail)!;
  await operator.post(`/api/onboarding/registrations/${registration.registrationId}/approve`, {});
  await operator.context.dispose();

  // Step 1 of the approval email: the provider's hosted onboarding connects the payout account (the
  // sandbox's page, or with real keys the fake Stripe's stand-in for Stripe's; both have Continue).
  const approval = await latestEmailTo(request, landlordEmail);
  const stepOne = approval.text.match(/https?:\/\/\S+/g)!.find((url) => url.includes('/api/onboarding/payout-account/start?'))!;
  const page = await browser.newPage();
  await page.goto(pathOf(stepOne));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/landlord\/stripe-account\/created$/);
  await page.close();
  await activateFromEmail(request, landlordEmail, E2E_PASSWORD);

  const landlord: E2eUser = { userId: '', type: 'landlord', email: landlordEmail, password: E2E_PASSWORD, ...details };
  const api = await apiAs(baseURL, landlord);
  const { property } = (await api.post('/api/landlord/properties', {
    line1: '12 Garden Street',
    line2: 'Apt 4',
    city: 'Springfield',
    state: 'IL',
    zip: '62704',
    rent: '1,500',
  })) as { property: { propertyId: string; address: string } };

  const addTenant = async (firstName: string): Promise<E2eUser> => {
    const email = uniqueEmail('tenant');
    const tenant = { firstName, lastName: 'Tenant', email, confirmEmail: email, phone: '(503) 555-0142' };
    await api.post(`/api/landlord/properties/${property.propertyId}/tenants`, tenant);
    await activateFromEmail(request, email, E2E_PASSWORD);
    return { userId: '', type: 'tenant', email, password: E2E_PASSWORD, firstName, lastName: 'Tenant', phone: tenant.phone };
  };

  return { landlord, propertyId: property.propertyId, propertyAddress: property.address, addTenant };
}

/** Makes every session of `email` look signed in `minutes` ago (the product has no clock to move). */
export async function ageSessions(email: string, minutes: number): Promise<void> {
  const client = new Client({ connectionString: serverDatabaseUrl() });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      `UPDATE accounts.sessions SET created_at = created_at - make_interval(mins => $2)
        WHERE user_id = (SELECT id FROM accounts.users WHERE email = $1)`,
      [email.toLowerCase(), minutes],
    );
    expect(rowCount).toBeGreaterThan(0);
  } finally {
    await client.end();
  }
}

/** How many card payments the ledger holds for the tenant with this email. */
export async function countPaymentsOf(baseURL: string, tenant: E2eUser): Promise<number> {
  const api = await apiAs(baseURL, tenant);
  const answer = (await (await api.get('/api/tenant/payments')).json()) as { rows: unknown[] };
  await api.context.dispose();
  return answer.rows.length;
}
