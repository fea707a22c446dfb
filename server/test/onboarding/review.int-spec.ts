import { MESSAGES } from '@rentwise/libs/messages';
import { decodeEmailParam } from '@rentwise/libs/base64-email';
import { FixedClock } from '../../src/infrastructure/clock/clock';
import { signedInUser } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';
import { asOwner } from '../support/as-owner';
import {
  approvalLinks,
  approve,
  emailsTo,
  reject,
  signedInOperator,
  signUpLandlord,
  waitForEmailTo,
} from './onboarding-support';

describe('operator review of landlord registrations', () => {
  let testApp: TestApp;
  let operator: Awaited<ReturnType<typeof signedInOperator>>;
  const clock = new FixedClock(new Date());

  beforeAll(async () => {
    testApp = await startTestApp({ PUBLIC_URL: 'https://rentwise.test', SUPPORT_EMAIL: 'help@rentwise.test' }, { clock });
    operator = await signedInOperator(testApp);
  });
  afterAll(() => testApp.close());

  const list = (status?: string, headers = operator.headers) =>
    testApp.request({ method: 'GET', url: `/api/onboarding/registrations${status ? `?status=${status}` : ''}`, headers });

  const userStatus = async (userId: string): Promise<string> =>
    (await testApp.dataSource.query(`SELECT status FROM accounts.users WHERE id = $1`, [userId]))[0].status;

  /** A committed email after the one we expect none of proves the relay has gone past it. */
  const flushMail = async () => {
    const marker = await signUpLandlord(testApp);
    await reject(testApp, operator, marker.registrationId, { reason: 'Marker.' });
    await waitForEmailTo(testApp, marker.email);
  };

  it('lists pending registrations oldest first with name, email, phone and submitted time', async () => {
    const first = await signUpLandlord(testApp, { firstName: 'Ada', lastName: 'First' });
    clock.advanceMs(60_000);
    const second = await signUpLandlord(testApp, { firstName: 'Ben', lastName: 'Second' });

    const response = await list('pending');
    expect(response.statusCode).toBe(200);
    const rows = response.json().rows as { registrationId: string }[];
    const ids = rows.map((row) => row.registrationId);
    expect(ids.indexOf(first.registrationId)).toBeLessThan(ids.indexOf(second.registrationId));
    expect(rows.find((row) => row.registrationId === first.registrationId)).toEqual({
      registrationId: first.registrationId,
      landlordUserId: first.landlordUserId,
      status: 'pending',
      firstName: 'Ada',
      lastName: 'First',
      email: first.email,
      phone: '(555) 201-3344',
      submittedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      reviewedAt: null,
      rejectionReason: null,
      payoutStatus: null,
      payoutConnected: false,
    });
    expect((await list()).json().rows).toEqual(rows);
  });

  it('approves: registration and account approved, and exactly one email with the step 1 and step 2 links', async () => {
    const landlord = await signUpLandlord(testApp, { firstName: 'Priya' });

    const response = await approve(testApp, operator, landlord.registrationId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success' });

    const [registration] = await testApp.dataSource.query(`SELECT * FROM onboarding.registrations WHERE id = $1`, [landlord.registrationId]);
    expect(registration).toMatchObject({ status: 'approved', reviewed_by: operator.userId });
    expect(registration.reviewed_at).toBeInstanceOf(Date);
    expect(await userStatus(landlord.landlordUserId)).toBe('approved');

    const email = await waitForEmailTo(testApp, landlord.email);
    await flushMail();
    expect(emailsTo(testApp, landlord.email)).toHaveLength(1);
    expect(email.subject).toContain('Rentwise');
    expect(email.text).toContain('Hi Priya,');
    expect(email.text).toContain('help@rentwise.test');
    const links = approvalLinks(email);
    expect(links.stepOne).toMatch(/^https:\/\/rentwise\.test\/api\/onboarding\/payout-account\/start\?token=[\w-]{43}$/);
    expect(links.stepOneOAuth).toBe(`${links.stepOne}&method=oauth`);
    const createPassword = new URL(links.createPassword);
    expect(createPassword.origin + createPassword.pathname).toBe('https://rentwise.test/account/create-password');
    expect(decodeEmailParam(createPassword.searchParams.get('email'))).toBe(landlord.email);
    for (const url of [links.stepOne, links.stepOneOAuth, links.createPassword]) {
      expect(email.html).toContain(url.replace(/&/g, '&#38;'));
    }
    // Only a hash of the step-1 token is stored.
    const token = new URL(links.stepOne).searchParams.get('token')!;
    const tokens = await testApp.dataSource.query(`SELECT token_hash FROM onboarding.step_one_tokens WHERE registration_id = $1`, [
      landlord.registrationId,
    ]);
    expect(tokens).toHaveLength(1);
    expect(Buffer.from(tokens[0].token_hash).toString('base64url')).not.toBe(token);
  });

  it('approving or rejecting a reviewed registration answers 409 and sends nothing more', async () => {
    const landlord = await signUpLandlord(testApp);
    expect((await approve(testApp, operator, landlord.registrationId)).statusCode).toBe(200);
    await waitForEmailTo(testApp, landlord.email);

    for (const response of [
      await approve(testApp, operator, landlord.registrationId),
      await reject(testApp, operator, landlord.registrationId, { reason: 'Too late.' }),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ status: 'error', error: MESSAGES.registrationAlreadyReviewed });
    }
    await flushMail();
    expect(emailsTo(testApp, landlord.email)).toHaveLength(1);
  });

  it('rolls the whole approval back, email included, when any part of it fails', async () => {
    const landlord = await signUpLandlord(testApp, { email: 'rollback@example.com', confirmEmail: 'rollback@example.com' });
    // Fails at commit, after the outbox row of the email has been written.
    await asOwner(`
      CREATE FUNCTION infra.fail_rollback_email() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.payload->>'to' = 'rollback@example.com' THEN RAISE EXCEPTION 'commit failed'; END IF; RETURN NEW; END $$`);
    await asOwner(`
      CREATE CONSTRAINT TRIGGER fail_rollback_email AFTER INSERT ON infra.outbox DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION infra.fail_rollback_email()`);
    try {
      const response = await approve(testApp, operator, landlord.registrationId);
      expect(response.statusCode).toBe(500);
    } finally {
      await asOwner(`DROP TRIGGER fail_rollback_email ON infra.outbox`);
      await asOwner(`DROP FUNCTION infra.fail_rollback_email()`);
    }

    const [registration] = await testApp.dataSource.query(`SELECT status FROM onboarding.registrations WHERE id = $1`, [
      landlord.registrationId,
    ]);
    expect(registration.status).toBe('pending');
    expect(await userStatus(landlord.landlordUserId)).toBe('pending');
    const tokens = await testApp.dataSource.query(`SELECT id FROM onboarding.step_one_tokens WHERE registration_id = $1`, [
      landlord.registrationId,
    ]);
    expect(tokens).toEqual([]);
    await flushMail();
    expect(emailsTo(testApp, landlord.email)).toHaveLength(0);

    // The operator can simply approve again.
    expect((await approve(testApp, operator, landlord.registrationId)).statusCode).toBe(200);
    await waitForEmailTo(testApp, landlord.email);
  });

  it('rejects with a reason: registration and account rejected, and a polite email that gives the reason', async () => {
    const landlord = await signUpLandlord(testApp, { firstName: 'Rosa' });

    const response = await reject(testApp, operator, landlord.registrationId, { reason: '  We could not verify <your> ownership.  ' });
    expect(response.statusCode).toBe(200);

    const [registration] = await testApp.dataSource.query(`SELECT * FROM onboarding.registrations WHERE id = $1`, [landlord.registrationId]);
    expect(registration).toMatchObject({ status: 'rejected', rejection_reason: 'We could not verify <your> ownership.', reviewed_by: operator.userId });
    expect(await userStatus(landlord.landlordUserId)).toBe('rejected');

    const email = await waitForEmailTo(testApp, landlord.email);
    expect(email.subject).toContain('Rentwise');
    expect(email.text).toContain('Hi Rosa,');
    expect(email.text).toContain('Thank you for signing up for Rentwise');
    expect(email.text).toContain('We could not verify <your> ownership.');
    expect(email.text).toContain('help@rentwise.test');
    expect(email.html).toContain('We could not verify &#60;your&#62; ownership.');
    expect(email.text).not.toContain('/account/create-password');
  });

  it('requires a reason to reject', async () => {
    const landlord = await signUpLandlord(testApp);
    for (const payload of [{}, { reason: '   ' }]) {
      const response = await reject(testApp, operator, landlord.registrationId, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 'error', error: MESSAGES.rejectionReasonRequired });
    }
    const tooLong = await reject(testApp, operator, landlord.registrationId, { reason: 'x'.repeat(1001) });
    expect(tooLong.json()).toEqual({ status: 'error', error: MESSAGES.rejectionReasonTooLong });
  });

  it('answers 404 for an unknown registration', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await approve(testApp, operator, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 'error', error: MESSAGES.notFound });
    }
  });

  it('lists the recently reviewed, latest first, with the outcome and reason', async () => {
    const approved = await signUpLandlord(testApp);
    const rejected = await signUpLandlord(testApp);
    await approve(testApp, operator, approved.registrationId);
    clock.advanceMs(60_000);
    await reject(testApp, operator, rejected.registrationId, { reason: 'Not a landlord.' });

    const rows = (await list('reviewed')).json().rows as { registrationId: string; status: string; rejectionReason: string | null }[];
    expect(rows.length).toBeLessThanOrEqual(20);
    expect(rows.find((row) => row.registrationId === approved.registrationId)).toMatchObject({ status: 'approved', rejectionReason: null });
    expect(rows.find((row) => row.registrationId === rejected.registrationId)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Not a landlord.',
    });
    expect(rows.every((row) => row.status !== 'pending')).toBe(true);
    const ids = rows.map((row) => row.registrationId);
    expect(ids.indexOf(rejected.registrationId)).toBeLessThan(ids.indexOf(approved.registrationId));
    expect((await list('pending')).json().rows.map((row: { registrationId: string }) => row.registrationId)).not.toContain(
      approved.registrationId,
    );
  });

  it('refuses the review endpoints to landlords, tenants and signed-out visitors', async () => {
    const landlord = await signUpLandlord(testApp);
    const signedInLandlord = await signedInUser(testApp, { type: 'landlord' });
    const tenant = await signedInUser(testApp, { type: 'tenant' });
    const requests = [
      { method: 'GET' as const, url: '/api/onboarding/registrations?status=pending' },
      { method: 'POST' as const, url: `/api/onboarding/registrations/${landlord.registrationId}/approve` },
      { method: 'POST' as const, url: `/api/onboarding/registrations/${landlord.registrationId}/reject`, payload: { reason: 'No.' } },
    ];
    for (const request of requests) {
      expect((await testApp.request({ ...request })).statusCode).toBe(401);
      for (const person of [signedInLandlord, tenant]) {
        const response = await testApp.request({ ...request, headers: person.headers });
        expect(response.statusCode).toBe(403);
      }
    }
    const [registration] = await testApp.dataSource.query(`SELECT status FROM onboarding.registrations WHERE id = $1`, [
      landlord.registrationId,
    ]);
    expect(registration.status).toBe('pending');
  });
});
