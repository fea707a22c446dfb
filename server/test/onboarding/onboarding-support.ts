import { randomUUID } from 'node:crypto';
import type { ReceivedEmail } from '../../src/infrastructure/mail/dev-mailbox/smtp-sink';
import { signedInUser, SignedInClient, TestUser } from '../support/accounts';
import type { TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

export interface SignUpFields {
  firstName: string;
  lastName: string;
  email: string;
  confirmEmail: string;
  phone: string;
}

let addressSequence = 0;

/** A fresh network address per sign-up, so the per-address limit only bites where a test wants it to. */
export const nextAddress = (): string => `10.9.${Math.floor(++addressSequence / 250)}.${addressSequence % 250}`;

export function signUpFields(overrides: Partial<SignUpFields> = {}): SignUpFields {
  const email = overrides.email ?? `landlord-${randomUUID().slice(0, 8)}@example.com`;
  return { firstName: 'Lena', lastName: 'Landlord', email, confirmEmail: overrides.confirmEmail ?? email, phone: '(555) 201-3344', ...overrides };
}

export function postSignUp(testApp: TestApp, payload: unknown, remoteAddress = nextAddress()) {
  return testApp.request({ method: 'POST', url: '/api/onboarding/registrations', payload: payload as object, remoteAddress });
}

/** Signs a landlord up through the endpoint and returns the registration's ids. */
export async function signUpLandlord(
  testApp: TestApp,
  overrides: Partial<SignUpFields> = {},
): Promise<SignUpFields & { registrationId: string; landlordUserId: string }> {
  const fields = signUpFields(overrides);
  const response = await postSignUp(testApp, fields);
  if (response.statusCode !== 201) throw new Error(`Sign-up failed: ${response.statusCode} ${response.body}`);
  const [row] = await testApp.dataSource.query<{ id: string; landlord_user_id: string }[]>(
    `SELECT id, landlord_user_id FROM onboarding.registrations WHERE email = $1`,
    [fields.email.toLowerCase()],
  );
  return { ...fields, registrationId: row.id, landlordUserId: row.landlord_user_id };
}

export function signedInOperator(testApp: TestApp): Promise<TestUser & SignedInClient> {
  return signedInUser(testApp, { type: 'operator', email: `operator-${randomUUID().slice(0, 8)}@example.com` });
}

export function approve(testApp: TestApp, operator: SignedInClient, registrationId: string) {
  return testApp.request({
    method: 'POST',
    url: `/api/onboarding/registrations/${registrationId}/approve`,
    headers: operator.headers,
  });
}

export function reject(testApp: TestApp, operator: SignedInClient, registrationId: string, payload: unknown) {
  return testApp.request({
    method: 'POST',
    url: `/api/onboarding/registrations/${registrationId}/reject`,
    headers: operator.headers,
    payload: payload as object,
  });
}

export function emailsTo(testApp: TestApp, address: string): ReceivedEmail[] {
  return testApp.mailbox.list().filter((message) => message.to.includes(address.toLowerCase()));
}

export function waitForEmailTo(testApp: TestApp, address: string): Promise<ReceivedEmail> {
  return waitFor(() => emailsTo(testApp, address)[0], { what: `an email to ${address}` });
}

/** The links of an approval email's text body. */
export function approvalLinks(email: ReceivedEmail): { stepOne: string; stepOneOAuth: string; createPassword: string } {
  const urls = email.text.match(/https?:\/\/\S+/g) ?? [];
  const stepOne = urls.find((url) => url.includes('/api/onboarding/payout-account/start') && !url.includes('method=oauth'));
  const stepOneOAuth = urls.find((url) => url.includes('/api/onboarding/payout-account/start') && url.includes('method=oauth'));
  const createPassword = urls.find((url) => url.includes('/account/create-password'));
  if (!stepOne || !stepOneOAuth || !createPassword) throw new Error(`Approval email without its links:\n${email.text}`);
  return { stepOne, stepOneOAuth, createPassword };
}

/** A landlord signed up and approved by an operator, with the links of their approval email. */
export async function approvedLandlord(testApp: TestApp, operator: SignedInClient, overrides: Partial<SignUpFields> = {}) {
  const landlord = await signUpLandlord(testApp, overrides);
  const response = await approve(testApp, operator, landlord.registrationId);
  if (response.statusCode !== 200) throw new Error(`Approval failed: ${response.statusCode} ${response.body}`);
  const email = await waitForEmailTo(testApp, landlord.email);
  return { ...landlord, email: landlord.email.toLowerCase(), links: approvalLinks(email) };
}

/** The path and query of an absolute URL, for Fastify's inject. */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/** The `name=value` of a Set-Cookie in a response, to send back as a browser would. */
export function cookieFrom(response: { cookies: { name: string; value: string }[] }, name: string): string {
  const cookie = response.cookies.find((candidate) => candidate.name === name);
  if (!cookie) throw new Error(`No ${name} cookie in the response`);
  return `${name}=${cookie.value}`;
}
