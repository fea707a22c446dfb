import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@rentwise/libs/messages';
import { SIGN_IN_FRESHNESS_MS } from '@rentwise/libs/payment-rules';
import { FixedClock } from '../../src/infrastructure/clock/clock';
import { ONE_TIME_TOKEN_LIFETIME_MS } from '../../src/modules/accounts/one-time-tokens/one-time-tokens';
import { MAX_FAILURES_PER_ACCOUNT } from '../../src/modules/accounts/sign-in/sign-in-attempts';
import {
  createActiveUser,
  latestEmailTo,
  linkIn,
  mailboxMark,
  passwordLinkParams,
  SignedInClient,
  signedInUser,
  signIn,
} from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * Issue 32: a borrowed session used to change the sign-in email at once, with no password and no
 * word to anyone, and a password reset to the new address then kept the account for good.
 */
describe('changing the sign-in email', () => {
  let testApp: TestApp;
  const clock = new FixedClock(new Date('2026-11-02T09:00:00Z'));

  beforeAll(async () => {
    testApp = await startTestApp({}, { clock });
  });
  afterAll(() => testApp.close());

  const newAddress = (label = 'moved') => `${label}-${randomUUID().slice(0, 8)}@example.com`;
  const details = (email: string, extra: Record<string, unknown> = {}) => ({
    firstName: 'Lena',
    lastName: 'Landlord',
    email,
    confirmEmail: email,
    phone: '5551234567',
    ...extra,
  });
  const updateUser = (client: SignedInClient, payload: Record<string, unknown>, remoteAddress = '10.32.0.1') =>
    testApp.request({ method: 'POST', url: '/api/account/update-user', headers: client.headers, payload, remoteAddress });
  const confirmEmail = (token: string, client?: SignedInClient) =>
    testApp.request({ method: 'POST', url: '/api/account/confirm-email', headers: client?.headers ?? {}, payload: { token } });
  const validate = (client: SignedInClient) =>
    testApp.request({ method: 'GET', url: '/api/account/validate', headers: { cookie: client.cookie } });
  const login = (email: string, password: string) =>
    testApp.request({ method: 'POST', url: '/api/account/login', payload: { email, password }, remoteAddress: '10.32.9.9' });

  /** The token of the confirmation link in the newest email to `address`. */
  async function confirmationToken(address: string, after: number): Promise<string> {
    const email = await latestEmailTo(testApp, address, { after, what: `the confirmation link to ${address}` });
    return new URL(linkIn(email, '/account/confirm-email')).searchParams.get('token')!;
  }

  /** A signed-in person whose sign-in is 30 minutes old: a new email needs their password. */
  async function staleSignIn(overrides = {}) {
    const person = await signedInUser(testApp, { type: 'landlord', firstName: 'Lena', ...overrides });
    clock.advanceMs(SIGN_IN_FRESHNESS_MS);
    return person;
  }

  describe('proving it is them', () => {
    it('asks for the current password once the sign-in is 30 minutes old, and saves nothing without it', async () => {
      const person = await staleSignIn();
      const address = newAddress();

      const missing = await updateUser(person, details(address, { firstName: 'Changed' }));
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ status: 'error', error: MESSAGES.currentPasswordRequired });
      const wrong = await updateUser(person, details(address, { firstName: 'Changed', currentPassword: 'not-my-password' }));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ status: 'error', error: MESSAGES.currentPasswordWrong });
      expect((await validate(person)).json().user).toMatchObject({ firstName: 'Lena', email: person.email });

      const right = await updateUser(person, details(address, { currentPassword: person.password }));
      expect(right.statusCode).toBe(200);
      expect(right.json()).toMatchObject({ status: 'success', pendingEmail: address, user: { email: person.email } });
    });

    it('takes a sign-in under 30 minutes old instead of the password', async () => {
      const person = await signedInUser(testApp, { type: 'tenant' });
      clock.advanceMs(SIGN_IN_FRESHNESS_MS - 1);
      const response = await updateUser(person, details(newAddress()));
      expect(response.statusCode).toBe(200);
    });

    it('changes name and phone without any password, however old the sign-in', async () => {
      const person = await staleSignIn();
      const response = await updateUser(person, details(person.email, { firstName: 'Philippa' }));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ pendingEmail: null, user: { firstName: 'Philippa', phone: '(555) 123-4567' } });
    });

    it('counts wrong current passwords with failed sign-ins, so a borrowed session cannot guess on', async () => {
      const person = await staleSignIn();
      const address = newAddress();
      for (let attempt = 1; attempt <= MAX_FAILURES_PER_ACCOUNT; attempt++) {
        const wrong = await updateUser(person, details(address, { currentPassword: `guess-${attempt}-password` }), '10.32.1.1');
        expect(wrong.statusCode).toBe(400);
      }
      const right = await updateUser(person, details(address, { currentPassword: person.password }), '10.32.1.1');
      expect(right.statusCode).toBe(429);
      expect(right.json()).toEqual({ status: 'error', error: MESSAGES.tooManyAttempts });
    });
  });

  describe('confirming the new address', () => {
    it('changes the email only once the link sent to the new address is opened, and tells the old address', async () => {
      const person = await staleSignIn();
      const address = newAddress();
      const after = mailboxMark(testApp);

      const response = await updateUser(person, details(address.toUpperCase(), { currentPassword: person.password }));
      expect(response.json()).toMatchObject({ pendingEmail: address, user: { email: person.email } });
      expect((await validate(person)).json().user.email).toBe(person.email);

      const confirmation = await latestEmailTo(testApp, address, { after });
      expect(confirmation.subject).toBe('Confirm your new Rentwise email');
      expect(confirmation.text).toContain('Hi Lena');
      const link = linkIn(confirmation, '/account/confirm-email');
      expect(link.startsWith(testApp.config.env.PUBLIC_URL)).toBe(true);
      const notice = await latestEmailTo(testApp, person.email, { after, what: 'the notice to the old address' });
      expect(notice.subject).toBe('Your Rentwise email is about to change');
      expect(notice.text).toContain(`asked to change its email to ${address}`);
      expect(linkIn(notice, '/forgot-password')).toBeTruthy();

      const confirmed = await confirmEmail(new URL(link).searchParams.get('token')!);
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toEqual({ status: 'success', email: address });
      expect((await validate(person)).json().user.email).toBe(address);
      expect((await login(address, person.password)).statusCode).toBe(200);
      expect((await login(person.email, person.password)).statusCode).toBe(401);
    });

    it('ends the account’s other sessions, keeping the one that asked', async () => {
      const person = await staleSignIn();
      const elsewhere = await signIn(testApp, person);
      const after = mailboxMark(testApp);
      const address = newAddress();
      await updateUser(person, details(address, { currentPassword: person.password }));

      expect((await confirmEmail(await confirmationToken(address, after))).statusCode).toBe(200);

      expect((await validate(person)).json()).toMatchObject({ isValid: true });
      expect((await validate(elsewhere)).json()).toMatchObject({ isValid: false });
    });

    it('keeps the session the link is opened in too, when it is the same person’s', async () => {
      const person = await staleSignIn();
      const phone = await signIn(testApp, person);
      const third = await signIn(testApp, person);
      const after = mailboxMark(testApp);
      const address = newAddress();
      await updateUser(person, details(address, { currentPassword: person.password }));

      expect((await confirmEmail(await confirmationToken(address, after), phone)).statusCode).toBe(200);

      expect((await validate(person)).json()).toMatchObject({ isValid: true });
      expect((await validate(phone)).json()).toMatchObject({ isValid: true });
      expect((await validate(third)).json()).toMatchObject({ isValid: false });
    });

    it('takes a link once, and not after 24 hours', async () => {
      const person = await staleSignIn();
      let after = mailboxMark(testApp);
      const first = newAddress('first');
      await updateUser(person, details(first, { currentPassword: person.password }));
      const token = await confirmationToken(first, after);
      expect((await confirmEmail(token)).statusCode).toBe(200);
      const again = await confirmEmail(token);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ status: 'error', error: MESSAGES.linkInvalid });

      const client = await signIn(testApp, { email: first, password: person.password });
      after = mailboxMark(testApp);
      const late = newAddress('late');
      await updateUser(client, details(late));
      const lateToken = await confirmationToken(late, after);
      clock.advanceMs(ONE_TIME_TOKEN_LIFETIME_MS.email_change);
      expect((await confirmEmail(lateToken)).json()).toEqual({ status: 'error', error: MESSAGES.linkInvalid });
      expect((await login(first, person.password)).statusCode).toBe(200);
    });

    it('lets only the latest request’s link work', async () => {
      const person = await signedInUser(testApp);
      const after = mailboxMark(testApp);
      const [earlier, later] = [newAddress('earlier'), newAddress('later')];
      await updateUser(person, details(earlier));
      const earlierToken = await confirmationToken(earlier, after);
      await updateUser(person, details(later));

      expect((await confirmEmail(earlierToken)).statusCode).toBe(400);
      expect((await confirmEmail(await confirmationToken(later, after))).json()).toEqual({ status: 'success', email: later });
    });

    it('refuses the link when another account took the address meanwhile', async () => {
      const person = await signedInUser(testApp);
      const after = mailboxMark(testApp);
      const address = newAddress();
      await updateUser(person, details(address));
      const token = await confirmationToken(address, after);
      await createActiveUser(testApp, { email: address });

      const response = await confirmEmail(token);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ status: 'error', error: MESSAGES.emailTaken });
      expect((await validate(person)).json().user.email).toBe(person.email);
    });

    it('is cancelled by a password reset, which the notice to the old address offers', async () => {
      const person = await signedInUser(testApp);
      const after = mailboxMark(testApp);
      const address = newAddress();
      await updateUser(person, details(address));
      const token = await confirmationToken(address, after);
      await latestEmailTo(testApp, person.email, { after, what: 'the notice to the old address' });

      const beforeReset = mailboxMark(testApp);
      await testApp.request({ method: 'POST', url: '/api/account/send-password-reset', payload: { email: person.email } });
      const resetEmail = await latestEmailTo(testApp, person.email, { after: beforeReset, what: 'the reset email' });
      const reset = passwordLinkParams(linkIn(resetEmail, '/account/reset-password'));
      const newPassword = 'owner-took-it-back';
      await testApp.request({
        method: 'POST',
        url: '/api/account/reset-password',
        payload: { ...reset, password: newPassword, confirmPassword: newPassword },
      });

      expect((await confirmEmail(token)).json()).toEqual({ status: 'error', error: MESSAGES.linkInvalid });
      expect((await login(person.email, newPassword)).statusCode).toBe(200);
    });
  });

  describe('an address that already has an account', () => {
    it('answers exactly as for a free address; that mailbox is told it has an account instead of getting a link', async () => {
      const taken = await createActiveUser(testApp, { firstName: 'Otto' });
      const person = await signedInUser(testApp);
      const free = newAddress();
      const after = mailboxMark(testApp);

      const forTaken = await updateUser(person, details(taken.email));
      const forFree = await updateUser(person, details(free));

      expect(forTaken.statusCode).toBe(forFree.statusCode);
      expect(forTaken.json()).toEqual({ ...forFree.json(), pendingEmail: taken.email });
      const told = await latestEmailTo(testApp, taken.email, { after, what: 'the email to the taken address' });
      expect(told.subject).toBe('This email already has a Rentwise account');
      expect(told.text).toContain('It already belongs to a Rentwise account, so nothing was changed');
      expect(told.text).not.toContain('/account/confirm-email');
      expect(told.text).not.toContain('Otto');
      // The old address hears of both requests, as for any other.
      await latestEmailTo(testApp, person.email, { after, what: 'the notice to the old address' });
      const [owner] = await testApp.dataSource.query(`SELECT id FROM accounts.users WHERE email = $1`, [taken.email]);
      expect(owner.id).toBe(taken.userId);
    });
  });
});
