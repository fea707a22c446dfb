import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { decodeEmailParam } from '@rentwise/libs/base64-email';
import type { ReceivedEmail } from '../../src/infrastructure/mail/dev-mailbox/smtp-sink';
import { CreateUser, NewUser } from '../../src/modules/accounts/contracts/create-user.command';
import { IssuePasswordLink } from '../../src/modules/accounts/contracts/issue-password-link.command';
import type { TestApp } from './test-app';
import { waitFor } from './wait-for';

export const TEST_PASSWORD = 'long-enough-test-password';

export interface TestUser {
  userId: string;
  email: string;
  password: string;
}

/** An active account that can sign in at once, created through the Accounts module's own command. */
export async function createActiveUser(
  testApp: TestApp,
  overrides: Partial<NewUser> = {},
): Promise<TestUser> {
  const email = overrides.email ?? `user-${randomUUID().slice(0, 8)}@example.com`;
  const password = overrides.password ?? TEST_PASSWORD;
  const { userId } = await testApp.app.get(CommandBus).execute(
    new CreateUser({
      type: 'landlord',
      firstName: 'Test',
      lastName: 'Person',
      phone: '(555) 555-0100',
      ...overrides,
      email,
      password,
      status: 'active',
    }),
  );
  return { userId, email, password };
}

export interface SignedInClient {
  /** Headers for a request as this person: the session cookie, and the CSRF header writes need. */
  headers: Record<string, string>;
  cookie: string;
  csrfToken: string;
}

/** Signs in through the real endpoint and returns what a browser would send afterwards. */
export async function signIn(testApp: TestApp, user: { email: string; password: string }): Promise<SignedInClient> {
  const response = await testApp.request({
    method: 'POST',
    url: '/api/account/login',
    payload: { email: user.email, password: user.password },
  });
  if (response.statusCode !== 200) throw new Error(`Sign-in failed: ${response.statusCode} ${response.body}`);
  const cookies = response.cookies as { name: string; value: string }[];
  const session = cookies.find((cookie) => cookie.name.endsWith('rw_session'))!;
  const csrf = cookies.find((cookie) => cookie.name === 'rw_csrf')!;
  const cookie = `${session.name}=${session.value}; rw_csrf=${csrf.value}`;
  return { cookie, csrfToken: csrf.value, headers: { cookie, 'x-csrf-token': csrf.value } };
}

/** A landlord (or given type) that exists and is signed in. */
export async function signedInUser(
  testApp: TestApp,
  overrides: Partial<NewUser> = {},
): Promise<TestUser & SignedInClient> {
  const user = await createActiveUser(testApp, overrides);
  return { ...user, ...(await signIn(testApp, user)) };
}

/**
 * An account that exists but has no password yet ('approved': an approved landlord, an invited
 * tenant), with its emailed activation link as the link the person would click.
 */
export async function createInvitedUser(
  testApp: TestApp,
  overrides: Partial<Omit<NewUser, 'status' | 'password'>> = {},
): Promise<{ userId: string; email: string; activationUrl: string }> {
  const email = overrides.email ?? `invited-${randomUUID().slice(0, 8)}@example.com`;
  const commands = testApp.app.get(CommandBus);
  const { userId } = await commands.execute(
    new CreateUser({ type: 'tenant', firstName: 'Ivy', lastName: 'Invited', phone: '(555) 555-0102', ...overrides, email, status: 'approved' }),
  );
  const { url } = await commands.execute(new IssuePasswordLink(userId, 'activation'));
  return { userId, email, activationUrl: url };
}

/** The email (decoded from base64) and token of an emailed /account/... link. */
export function passwordLinkParams(url: string): { email: string; token: string } {
  const params = new URL(url).searchParams;
  const email = decodeEmailParam(params.get('email'));
  const token = params.get('token');
  if (!email || !token) throw new Error(`Not a password link: ${url}`);
  return { email, token };
}

/** The id of the newest email received so far: pass it as `after` to wait for the next one. */
export function mailboxMark(testApp: TestApp): number {
  return testApp.mailbox.list()[0]?.id ?? 0;
}

/**
 * The newest email to an address (received after the `after` mark, if given), waiting for the
 * outbox relay and the mail worker to deliver it.
 */
export function latestEmailTo(
  testApp: TestApp,
  address: string,
  { after = 0, what = `an email to ${address}` }: { after?: number; what?: string } = {},
): Promise<ReceivedEmail> {
  return waitFor(
    () => testApp.mailbox.list().find((email) => email.id > after && email.to.includes(address.toLowerCase())),
    { what },
  );
}

/** The first link in an email's text that goes to `path` (e.g. '/account/reset-password'). */
export function linkIn(email: ReceivedEmail, path: string): string {
  const link = email.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname === path);
  if (!link) throw new Error(`No ${path} link in "${email.subject}"`);
  return link;
}
