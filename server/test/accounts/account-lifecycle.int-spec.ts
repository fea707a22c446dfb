import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { ApproveUser } from '../../src/modules/accounts/contracts/approve-user.command';
import { CreateUser } from '../../src/modules/accounts/contracts/create-user.command';
import { DisableUser } from '../../src/modules/accounts/contracts/disable-user.command';
import { GetUser } from '../../src/modules/accounts/contracts/get-user.query';
import { RejectUser } from '../../src/modules/accounts/contracts/reject-user.command';
import { RemoveUser } from '../../src/modules/accounts/contracts/remove-user.command';
import { UpdateUserContact } from '../../src/modules/accounts/contracts/update-user-contact.command';
import { createActiveUser, createInvitedUser, passwordLinkParams, signIn } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';

/** The commands other modules send the Accounts module (contracts/), run as they would run them. */
describe('account lifecycle contracts', () => {
  let testApp: TestApp;
  let commands: CommandBus;

  beforeAll(async () => {
    testApp = await startTestApp();
    commands = testApp.app.get(CommandBus);
  });
  afterAll(() => testApp.close());

  const login = (email: string, password: string) =>
    testApp.request({ method: 'POST', url: '/api/account/login', payload: { email, password }, remoteAddress: '10.5.0.1' });
  const isValid = async (cookie: string) =>
    (await testApp.request({ method: 'GET', url: '/api/account/validate', headers: { cookie } })).json().isValid as boolean;
  const statusOf = async (userId: string) =>
    (await testApp.dataSource.query(`SELECT status FROM accounts.users WHERE id = $1`, [userId]))[0].status as string;
  const pendingLandlord = () =>
    commands.execute(
      new CreateUser({
        type: 'landlord',
        status: 'pending',
        firstName: 'Paula',
        lastName: 'Pending',
        email: `pending-${Math.random().toString(36).slice(2, 10)}@example.com`,
        phone: '(555) 555-0103',
      }),
    );

  describe('RemoveUser', () => {
    it('ends every session at once, and the person can no longer sign in', async () => {
      const tenant = await createActiveUser(testApp, { type: 'tenant' });
      const phone = await signIn(testApp, tenant);
      const laptop = await signIn(testApp, tenant);

      await commands.execute(new RemoveUser(tenant.userId));
      expect(await isValid(phone.cookie)).toBe(false);
      expect(await isValid(laptop.cookie)).toBe(false);
      const response = await login(tenant.email, tenant.password);
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe(MESSAGES.loginFailed);
      expect(await statusOf(tenant.userId)).toBe('removed');
    });

    it('keeps the row for history, frees the email, and is idempotent', async () => {
      const tenant = await createActiveUser(testApp, { type: 'tenant' });
      await commands.execute(new RemoveUser(tenant.userId));
      await commands.execute(new RemoveUser(tenant.userId));
      expect(await testApp.app.get(QueryBus).execute(new GetUser(tenant.userId))).toMatchObject({ email: tenant.email });
      const again = await createActiveUser(testApp, { type: 'tenant', email: tenant.email });
      expect((await login(again.email, again.password)).statusCode).toBe(200);
    });

    it('voids an invitation link sent before the removal', async () => {
      const invited = await createInvitedUser(testApp);
      await commands.execute(new RemoveUser(invited.userId));
      const response = await testApp.request({
        method: 'POST',
        url: '/api/account/set-password',
        payload: { ...passwordLinkParams(invited.activationUrl), password: 'long-enough-pass', confirmPassword: 'long-enough-pass' },
      });
      expect(response.statusCode).toBe(400);
    });

    it('answers 404 for an unknown user', async () => {
      await expect(commands.execute(new RemoveUser('00000000-0000-4000-8000-000000000000'))).rejects.toMatchObject({ status: 404 });
    });
  });

  describe('DisableUser', () => {
    it('ends every session and refuses sign-in, keeping the email taken', async () => {
      const landlord = await createActiveUser(testApp);
      const session = await signIn(testApp, landlord);
      await commands.execute(new DisableUser(landlord.userId));
      expect(await isValid(session.cookie)).toBe(false);
      expect((await login(landlord.email, landlord.password)).statusCode).toBe(401);
      await expect(createActiveUser(testApp, { email: landlord.email })).rejects.toMatchObject({ status: 409 });
    });

    it('refuses to disable a removed account', async () => {
      const landlord = await createActiveUser(testApp);
      await commands.execute(new RemoveUser(landlord.userId));
      await expect(commands.execute(new DisableUser(landlord.userId))).rejects.toMatchObject({ status: 409 });
    });
  });

  describe('ApproveUser and RejectUser', () => {
    it('moves a pending landlord to approved, once', async () => {
      const { userId } = await pendingLandlord();
      await commands.execute(new ApproveUser(userId));
      expect(await statusOf(userId)).toBe('approved');
      await expect(commands.execute(new ApproveUser(userId))).rejects.toMatchObject({ status: 409 });
      await expect(commands.execute(new RejectUser(userId))).rejects.toMatchObject({ status: 409 });
    });

    it('moves a pending landlord to rejected, who can then never be approved or activated', async () => {
      const { userId } = await pendingLandlord();
      await commands.execute(new RejectUser(userId));
      expect(await statusOf(userId)).toBe('rejected');
      await expect(commands.execute(new ApproveUser(userId))).rejects.toMatchObject({
        status: 409,
        message: MESSAGES.accountStatusConflict,
      });
    });

    it('refuses to approve an account that is not pending', async () => {
      const active = await createActiveUser(testApp);
      await expect(commands.execute(new ApproveUser(active.userId))).rejects.toMatchObject({ status: 409 });
    });
  });

  describe('UpdateUserContact', () => {
    it('changes name, email (lowercased) and phone of an account without a password yet, and answers the new view', async () => {
      const tenant = await createInvitedUser(testApp, { type: 'tenant' });
      const view = await commands.execute(
        new UpdateUserContact(tenant.userId, { firstName: ' Tara ', lastName: 'Tenant', email: ' Tara@Example.com ', phone: '(555) 555-0199' }),
      );
      expect(view).toMatchObject({ userId: tenant.userId, firstName: 'Tara', email: 'tara@example.com', phone: '(555) 555-0199' });
    });

    it('never changes the email of an account with a password (issue 32), but still its name and phone', async () => {
      const tenant = await createActiveUser(testApp, { type: 'tenant' });
      const contact = { firstName: 'Tess', lastName: 'Tenant', phone: '(555) 555-0198' };
      await expect(
        commands.execute(new UpdateUserContact(tenant.userId, { ...contact, email: 'someone-else@example.com' })),
      ).rejects.toMatchObject({ status: 409, message: MESSAGES.emailChangeNeedsOwner });
      await expect(commands.execute(new UpdateUserContact(tenant.userId, { ...contact, email: tenant.email }))).resolves.toMatchObject({
        firstName: 'Tess',
        email: tenant.email,
      });
      expect((await login(tenant.email, tenant.password)).statusCode).toBe(200);
    });

    it('answers 409 with the catalogue message when another account has the email, and may keep its own', async () => {
      const taken = await createActiveUser(testApp);
      const tenant = await createInvitedUser(testApp, { type: 'tenant' });
      const contact = { firstName: 'T', lastName: 'T', phone: '(555) 555-0100' };
      await expect(commands.execute(new UpdateUserContact(tenant.userId, { ...contact, email: taken.email }))).rejects.toMatchObject({
        status: 409,
        message: MESSAGES.emailTaken,
      });
      await expect(commands.execute(new UpdateUserContact(tenant.userId, { ...contact, email: tenant.email }))).resolves.toMatchObject({
        email: tenant.email,
      });
    });

    it('answers 404 for a removed user', async () => {
      const tenant = await createActiveUser(testApp, { type: 'tenant' });
      await commands.execute(new RemoveUser(tenant.userId));
      await expect(
        commands.execute(new UpdateUserContact(tenant.userId, { firstName: 'A', lastName: 'B', email: 'a@b.co', phone: '(555) 555-0100' })),
      ).rejects.toMatchObject({ status: 404 });
    });
  });
});
