import { MESSAGES } from '@rentwise/libs/messages';
import { startTestApp, TestApp } from '../support/test-app';
import { postSignUp, signUpFields } from './onboarding-support';
import { asOwner } from '../support/as-owner';

describe('landlord sign-up (POST /api/onboarding/registrations)', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.close());

  const expectError = (response: { statusCode: number; json(): unknown }, status: number, error: string) => {
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ status: 'error', error });
  };

  it('creates a pending landlord and a registration awaiting review, with the email lowercased', async () => {
    const fields = signUpFields({ email: '  Mixed.Case@Example.COM ', confirmEmail: 'mixed.case@example.com', phone: '555.201.3344' });
    const response = await postSignUp(testApp, fields);

    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ status: 'success' });
    const [user] = await testApp.dataSource.query(`SELECT id, type, status, email, phone FROM accounts.users WHERE email = $1`, [
      'mixed.case@example.com',
    ]);
    expect(user).toMatchObject({ type: 'landlord', status: 'pending', phone: '(555) 201-3344' });
    const [registration] = await testApp.dataSource.query(`SELECT * FROM onboarding.registrations WHERE landlord_user_id = $1`, [
      user.id,
    ]);
    expect(registration).toMatchObject({
      status: 'pending',
      first_name: 'Lena',
      last_name: 'Landlord',
      email: 'mixed.case@example.com',
      phone: '(555) 201-3344',
      reviewed_at: null,
      payout_account_id: null,
    });
  });

  it.each(['firstName', 'lastName', 'email', 'confirmEmail', 'phone'] as const)(
    'requires %s: "Please complete all form fields."',
    async (field) => {
      const missing: Record<string, string> = { ...signUpFields() };
      delete missing[field];
      expectError(await postSignUp(testApp, missing), 400, MESSAGES.completeAllFields);
      expectError(await postSignUp(testApp, { ...signUpFields(), [field]: '   ' }), 400, MESSAGES.completeAllFields);
    },
  );

  it('refuses emails that do not match', async () => {
    const response = await postSignUp(testApp, signUpFields({ email: 'one@example.com', confirmEmail: 'two@example.com' }));
    expectError(response, 400, MESSAGES.emailsDoNotMatch);
  });

  it('accepts the confirmation typed in another case, since emails are lowercased', async () => {
    const response = await postSignUp(testApp, signUpFields({ email: 'case@example.com', confirmEmail: 'CASE@example.com' }));
    expect(response.statusCode).toBe(201);
  });

  it('refuses an invalid email', async () => {
    expectError(await postSignUp(testApp, signUpFields({ email: 'not-an-email', confirmEmail: 'not-an-email' })), 400, MESSAGES.emailInvalid);
  });

  it('refuses a phone number without ten digits', async () => {
    expectError(await postSignUp(testApp, signUpFields({ phone: '(555) 201-33' })), 400, MESSAGES.phoneInvalid);
  });

  it('answers 409 with the catalogue message when the email already has an account, and creates nothing', async () => {
    const fields = signUpFields();
    expect((await postSignUp(testApp, fields)).statusCode).toBe(201);

    const again = await postSignUp(testApp, { ...fields, email: fields.email.toUpperCase(), confirmEmail: fields.email });
    expectError(again, 409, MESSAGES.emailTaken);
    const [{ count }] = await testApp.dataSource.query(`SELECT count(*)::int AS count FROM onboarding.registrations WHERE email = $1`, [
      fields.email,
    ]);
    expect(count).toBe(1);
  });

  it('creates the account and the registration together or not at all', async () => {
    const fields = signUpFields({ email: 'half-way@example.com', confirmEmail: 'half-way@example.com' });
    await asOwner(`
      CREATE FUNCTION onboarding.fail_half_way() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.email = 'half-way@example.com' THEN RAISE EXCEPTION 'registration insert failed'; END IF; RETURN NEW; END $$`);
    await asOwner(`
      CREATE TRIGGER fail_half_way BEFORE INSERT ON onboarding.registrations FOR EACH ROW EXECUTE FUNCTION onboarding.fail_half_way()`);
    try {
      const response = await postSignUp(testApp, fields);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ status: 'error', error: MESSAGES.unexpectedError });
    } finally {
      await asOwner(`DROP TRIGGER fail_half_way ON onboarding.registrations`);
      await asOwner(`DROP FUNCTION onboarding.fail_half_way()`);
    }
    const users = await testApp.dataSource.query(`SELECT id FROM accounts.users WHERE email = 'half-way@example.com'`);
    expect(users).toEqual([]);
    // Nothing half-made stands in the way of trying again.
    expect((await postSignUp(testApp, fields)).statusCode).toBe(201);
  });

  it('allows 10 sign-ups an hour from one address unless configured otherwise, then answers 429', async () => {
    expect(testApp.config.env.SIGN_UPS_PER_ADDRESS_PER_HOUR).toBe(10);
    const address = '10.77.0.1';
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await postSignUp(testApp, signUpFields(), address)).statusCode).toBe(201);
    }
    expectError(await postSignUp(testApp, signUpFields(), address), 429, MESSAGES.tooManyAttempts);
    expect((await postSignUp(testApp, signUpFields(), '10.77.0.2')).statusCode).toBe(201);
  });
});
