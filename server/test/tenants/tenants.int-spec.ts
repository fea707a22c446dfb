import { QueryBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@rentwise/libs/messages';
import { FixedClock } from '../../src/infrastructure/clock/clock';
import { GetTenancy } from '../../src/modules/tenants/contracts/get-tenancy.query';
import { MAX_INVITATIONS_PER_LANDLORD } from '../../src/modules/tenants/invitations/invitation-limit';
import { createActiveUser, latestEmailTo, linkIn, passwordLinkParams, SignedInClient, signedInUser, signIn } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

const TENANT_PASSWORD = 'tenant-chosen-password';
type Client = Awaited<ReturnType<typeof signedInUser>>;

describe('tenants', () => {
  let testApp: TestApp;
  let landlord: Client;
  const clock = new FixedClock(new Date('2026-03-02T10:00:00Z'));

  beforeAll(async () => {
    testApp = await startTestApp({}, { clock });
    landlord = await signedInUser(testApp, { type: 'landlord', firstName: 'Lara', lastName: 'Lord', phone: '(555) 555-0111' });
  });
  afterAll(() => testApp.close());

  const call = (client: SignedInClient | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    testApp.request({ method, url, headers: client?.headers ?? {}, ...(payload ? { payload } : {}) });

  let nextStreet = 1;
  async function addProperty(client: Client = landlord): Promise<{ propertyId: string; address: string }> {
    const response = await call(client, 'POST', '/api/landlord/properties', {
      line1: `${nextStreet++} Orchard Lane`,
      city: 'Portland',
      state: 'OR',
      zip: '97201',
      rent: '1,200',
    });
    expect(response.statusCode).toBe(201);
    return response.json().property;
  }

  const newTenant = (overrides: Record<string, unknown> = {}) => {
    const email = `tenant-${randomUUID().slice(0, 8)}@example.com`;
    return { firstName: 'Tom', lastName: 'Tenant', email, confirmEmail: email, phone: '5035550142', ...overrides };
  };

  /** A tenant as the landlord's list shows them (the add answer names no account: issue 32). */
  async function listedTenant(client: Client, propertyId: string, email: string) {
    const list = await call(client, 'GET', `/api/landlord/properties/${propertyId}/tenants`);
    return (list.json().rows as { tenantId: string; email: string }[]).find((row) => row.email === email.toLowerCase());
  }

  async function invite(propertyId: string, tenant = newTenant(), client: Client = landlord) {
    const response = await call(client, 'POST', `/api/landlord/properties/${propertyId}/tenants`, tenant);
    expect(response.statusCode).toBe(201);
    const listed = await listedTenant(client, propertyId, tenant.email);
    return { ...listed, input: tenant } as { tenantId: string; email: string; input: ReturnType<typeof newTenant> };
  }

  async function activate(email: string): Promise<void> {
    const link = passwordLinkParams(linkIn(await latestEmailTo(testApp, email), '/account/create-password'));
    const response = await call(null, 'POST', '/api/account/set-password', { ...link, password: TENANT_PASSWORD, confirmPassword: TENANT_PASSWORD });
    expect(response.statusCode).toBe(200);
  }

  describe('adding a tenant', () => {
    it('creates the account, the tenancy and the invitation email with a working create-password link', async () => {
      const property = await addProperty();
      const input = newTenant({ firstName: 'Nora', lastName: 'Newman', email: 'Nora.Newman@Example.com', confirmEmail: 'nora.newman@example.COM' });

      const response = await call(landlord, 'POST', `/api/landlord/properties/${property.propertyId}/tenants`, input);

      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        status: 'success',
        invited: { firstName: 'Nora', lastName: 'Newman', email: 'nora.newman@example.com' },
      });
      const tenant = (await listedTenant(landlord, property.propertyId, 'nora.newman@example.com'))!;
      expect(tenant).toEqual({
        tenantId: expect.any(String),
        propertyId: property.propertyId,
        firstName: 'Nora',
        lastName: 'Newman',
        email: 'nora.newman@example.com',
        phone: '(503) 555-0142',
        hasSignedIn: false,
        startedAt: clock.now().toISOString(),
      });

      const email = await latestEmailTo(testApp, 'nora.newman@example.com');
      expect(email.subject).toBe('Lara Lord invited you to pay rent with Rentwise');
      for (const body of [email.text, email.html!]) {
        expect(body).toContain('Hi Nora');
        expect(body).toContain('Lara Lord added you as a tenant of');
        expect(body).toContain(property.address);
        expect(body).toContain('/account/create-password?email=');
      }
      const link = linkIn(email, '/account/create-password');
      expect(link.startsWith(testApp.config.env.PUBLIC_URL)).toBe(true);
      expect(passwordLinkParams(link).email).toBe('nora.newman@example.com');

      // Not before the password exists...
      const early = await call(null, 'POST', '/api/account/login', { email: 'nora.newman@example.com', password: TENANT_PASSWORD });
      expect(early.statusCode).toBe(401);
      await activate('nora.newman@example.com');
      const signedIn = await signIn(testApp, { email: 'nora.newman@example.com', password: TENANT_PASSWORD });
      const residence = await call(signedIn, 'GET', '/api/tenant/residence');
      expect(residence.json()).toEqual({
        status: 'success',
        residence: {
          propertyId: property.propertyId,
          propertyAddress: property.address,
          rentCents: 120000,
          landlord: { firstName: 'Lara', lastName: 'Lord', email: landlord.email, phone: '(555) 555-0111', photoUrl: null },
        },
      });
    });

    it('lists the property’s tenants in the order they were added', async () => {
      const property = await addProperty();
      const first = await invite(property.propertyId);
      clock.advanceMs(1000);
      const second = await invite(property.propertyId);

      const response = await call(landlord, 'GET', `/api/landlord/properties/${property.propertyId}/tenants`);

      expect(response.json()).toEqual({
        status: 'success',
        property: { propertyId: property.propertyId, address: property.address, rentCents: 120000 },
        rows: [expect.objectContaining({ tenantId: first.tenantId }), expect.objectContaining({ tenantId: second.tenantId })],
      });
      const one = await call(landlord, 'GET', `/api/landlord/properties/${property.propertyId}/tenants/${second.tenantId}`);
      expect(one.json().tenant).toMatchObject({ tenantId: second.tenantId, email: second.email });
    });

    describe('refuses what the tenant form refuses, with the form’s message', () => {
      const cases: [string, Record<string, unknown>, string][] = [
        ['first name missing', { firstName: undefined }, MESSAGES.completeAllFields],
        ['first name blank', { firstName: '  ' }, MESSAGES.completeAllFields],
        ['last name blank', { lastName: '' }, MESSAGES.completeAllFields],
        ['email blank', { email: '' }, MESSAGES.completeAllFields],
        ['confirm email missing', { confirmEmail: undefined }, MESSAGES.completeAllFields],
        ['phone blank', { phone: '' }, MESSAGES.completeAllFields],
        ['emails that differ', { email: 'one@example.com', confirmEmail: 'two@example.com' }, MESSAGES.emailsDoNotMatch],
        ['an email that is not one', { email: 'not-an-email', confirmEmail: 'not-an-email' }, MESSAGES.emailInvalid],
        ['a phone number without ten digits', { phone: '555-0142' }, MESSAGES.phoneInvalid],
      ];

      it.each(cases)('%s', async (_name, change, message) => {
        const property = await addProperty();
        const response = await call(landlord, 'POST', `/api/landlord/properties/${property.propertyId}/tenants`, newTenant(change));
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ status: 'error', error: message });
      });
    });

    it('answers an email that has an account exactly as a new one, adds nothing, and tells the owner instead', async () => {
      const property = await addProperty();
      const existing = await createActiveUser(testApp, { type: 'landlord' });
      const fresh = `fresh-${randomUUID().slice(0, 8)}@example.com`;
      const add = (email: string, confirmEmail = email) =>
        call(landlord, 'POST', `/api/landlord/properties/${property.propertyId}/tenants`, newTenant({ email, confirmEmail }));

      const forTaken = await add(existing.email.toUpperCase(), existing.email);
      const forNew = await add(fresh);

      // Issue 32: the same status and the same body, so adding tenants tells nobody who has an account.
      expect(forTaken.statusCode).toBe(201);
      expect(forNew.statusCode).toBe(201);
      const answer = (email: string) => ({ status: 'success', invited: { firstName: 'Tom', lastName: 'Tenant', email } });
      expect(forTaken.json()).toEqual(answer(existing.email));
      expect(forNew.json()).toEqual(answer(fresh));
      const list = await call(landlord, 'GET', `/api/landlord/properties/${property.propertyId}/tenants`);
      expect(list.json().rows.map((row: { email: string }) => row.email)).toEqual([fresh]);
      const notice = await latestEmailTo(testApp, existing.email, { what: 'the notice to the account owner' });
      expect(notice.subject).toBe('Lara Lord tried to add you as a tenant on Rentwise');
      expect(notice.text).toContain('It already belongs to a Rentwise account, so nothing was changed');
      expect(notice.text).not.toMatch(/create your password/i);
      const [owner] = await testApp.dataSource.query(`SELECT status FROM accounts.users WHERE email = $1`, [existing.email]);
      expect(owner.status).toBe('active');
    });

    it('limits invitations per landlord, counting refused ones too', async () => {
      const busy = await signedInUser(testApp, { type: 'landlord' });
      const { propertyId } = await addProperty(busy);
      const existing = await createActiveUser(testApp, { type: 'tenant' });
      const invite = (overrides = {}) => call(busy, 'POST', `/api/landlord/properties/${propertyId}/tenants`, newTenant(overrides));

      expect((await invite({ email: existing.email, confirmEmail: existing.email })).statusCode).toBe(201);
      for (let attempt = 2; attempt <= MAX_INVITATIONS_PER_LANDLORD; attempt += 1) {
        expect((await invite()).statusCode).toBe(201);
      }
      const refused = await invite();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ status: 'error', error: MESSAGES.tooManyAttempts });
    });
  });

  describe('editing a tenant', () => {
    it('saves the contact details through Accounts', async () => {
      const property = await addProperty();
      const tenant = await invite(property.propertyId);
      const url = `/api/landlord/properties/${property.propertyId}/tenants/${tenant.tenantId}`;

      const response = await call(landlord, 'PATCH', url, { ...tenant.input, firstName: 'Thomas', phone: '(503) 555-0199' });

      expect(response.statusCode).toBe(200);
      expect(response.json().tenant).toMatchObject({ firstName: 'Thomas', lastName: 'Tenant', phone: '(503) 555-0199', propertyId: property.propertyId });
    });

    it('validates like adding does', async () => {
      const property = await addProperty();
      const tenant = await invite(property.propertyId);
      const url = `/api/landlord/properties/${property.propertyId}/tenants/${tenant.tenantId}`;
      const mismatch = await call(landlord, 'PATCH', url, { ...tenant.input, confirmEmail: 'other@example.com' });
      expect(mismatch.json()).toEqual({ status: 'error', error: MESSAGES.emailsDoNotMatch });
      const blank = await call(landlord, 'PATCH', url, { ...tenant.input, lastName: ' ' });
      expect(blank.json()).toEqual({ status: 'error', error: MESSAGES.completeAllFields });
    });

    it('refuses an email another account uses without saying so, and tells that account’s owner', async () => {
      const property = await addProperty();
      const tenant = await invite(property.propertyId);
      const other = await createActiveUser(testApp, { type: 'tenant' });
      const response = await call(landlord, 'PATCH', `/api/landlord/properties/${property.propertyId}/tenants/${tenant.tenantId}`, {
        ...tenant.input,
        email: other.email,
        confirmEmail: other.email,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ status: 'error', error: MESSAGES.tenantEmailUnavailable });
      const notice = await latestEmailTo(testApp, other.email, { what: 'the notice to the account owner' });
      expect(notice.subject).toBe('Lara Lord tried to add you as a tenant on Rentwise');
    });

    it('never changes the email of a tenant who has a password: the account is theirs (issue 32)', async () => {
      const property = await addProperty();
      const tenant = await invite(property.propertyId);
      await activate(tenant.email);
      const takeover = `landlord-owned-${randomUUID().slice(0, 8)}@example.com`;
      const url = `/api/landlord/properties/${property.propertyId}/tenants/${tenant.tenantId}`;

      const response = await call(landlord, 'PATCH', url, { ...tenant.input, firstName: 'Tomas', email: takeover, confirmEmail: takeover });

      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ status: 'error', error: MESSAGES.emailChangeNeedsOwner });
      const [row] = await testApp.dataSource.query(`SELECT email, first_name FROM accounts.users WHERE id = $1`, [tenant.tenantId]);
      expect(row).toEqual({ email: tenant.email, first_name: 'Tom' });
      // Name and phone stay the landlord's to correct.
      const renamed = await call(landlord, 'PATCH', url, { ...tenant.input, firstName: 'Tomas' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().tenant).toMatchObject({ firstName: 'Tomas', email: tenant.email });
    });

    it('sends a fresh invitation to a corrected email when the tenant never got in', async () => {
      const property = await addProperty();
      const tenant = await invite(property.propertyId);
      await latestEmailTo(testApp, tenant.email);
      const corrected = `fixed-${randomUUID().slice(0, 8)}@example.com`;

      await call(landlord, 'PATCH', `/api/landlord/properties/${property.propertyId}/tenants/${tenant.tenantId}`, {
        ...tenant.input,
        email: corrected,
        confirmEmail: corrected,
      });

      await activate(corrected);
      await signIn(testApp, { email: corrected, password: TENANT_PASSWORD });
    });

    it('resends the invitation on request; the earlier link stops working', async () => {
      const property = await addProperty();
      const tenant = await invite(property.propertyId);
      const first = passwordLinkParams(linkIn(await latestEmailTo(testApp, tenant.email), '/account/create-password'));

      const response = await call(landlord, 'POST', `/api/landlord/properties/${property.propertyId}/tenants/${tenant.tenantId}/invitation`);

      expect(response.statusCode).toBe(200);
      const second = await waitFor(
        () => {
          const emails = testApp.mailbox.list().filter((email) => email.to.includes(tenant.email));
          return emails.length === 2 && passwordLinkParams(linkIn(emails[0], '/account/create-password'));
        },
        { what: 'the second invitation' },
      );
      expect(second.token).not.toBe(first.token);
      const stale = await call(null, 'POST', '/api/account/set-password', { ...first, password: TENANT_PASSWORD, confirmPassword: TENANT_PASSWORD });
      expect(stale.statusCode).toBeGreaterThanOrEqual(400);
    });
  });

  describe('moving a tenant', () => {
    it('ends the tenancy in one property and starts one in the other', async () => {
      const from = await addProperty();
      const to = await addProperty();
      const tenant = await invite(from.propertyId);
      await activate(tenant.email);
      const tenantClient = await signIn(testApp, { email: tenant.email, password: TENANT_PASSWORD });
      clock.advanceMs(60_000);

      const response = await call(landlord, 'PATCH', `/api/landlord/properties/${from.propertyId}/tenants/${tenant.tenantId}`, {
        ...tenant.input,
        propertyId: to.propertyId,
      });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        property: { propertyId: to.propertyId, address: to.address },
        tenant: { tenantId: tenant.tenantId, propertyId: to.propertyId, startedAt: clock.now().toISOString() },
      });
      expect((await call(landlord, 'GET', `/api/landlord/properties/${from.propertyId}/tenants`)).json().rows).toEqual([]);
      expect((await call(landlord, 'GET', `/api/landlord/properties/${to.propertyId}/tenants`)).json().rows).toHaveLength(1);
      expect((await call(landlord, 'GET', `/api/landlord/properties/${from.propertyId}/tenants/${tenant.tenantId}`)).statusCode).toBe(404);
      expect((await call(tenantClient, 'GET', '/api/tenant/residence')).json().residence).toMatchObject({ propertyId: to.propertyId, propertyAddress: to.address });
      expect(await testApp.app.get(QueryBus).execute(new GetTenancy(tenant.tenantId))).toMatchObject({
        propertyId: to.propertyId,
        landlordUserId: landlord.userId,
        rentCents: 120000,
      });
      const history = await testApp.dataSource.query(
        `SELECT property_id, end_reason FROM tenants.tenancies WHERE tenant_user_id = $1 ORDER BY started_at`,
        [tenant.tenantId],
      );
      expect(history).toEqual([
        { property_id: from.propertyId, end_reason: 'moved' },
        { property_id: to.propertyId, end_reason: null },
      ]);
    });

    it('refuses to move a tenant into another landlord’s property, and changes nothing', async () => {
      const home = await addProperty();
      const tenant = await invite(home.propertyId);
      const stranger = await signedInUser(testApp, { type: 'landlord' });
      const theirs = await addProperty(stranger);

      const response = await call(landlord, 'PATCH', `/api/landlord/properties/${home.propertyId}/tenants/${tenant.tenantId}`, {
        ...tenant.input,
        firstName: 'Changed',
        propertyId: theirs.propertyId,
      });

      expect(response.statusCode).toBe(404);
      const still = await call(landlord, 'GET', `/api/landlord/properties/${home.propertyId}/tenants/${tenant.tenantId}`);
      expect(still.json().tenant).toMatchObject({ firstName: 'Tom', propertyId: home.propertyId });
    });
  });

  describe('removing a tenant', () => {
    it('ends the tenancy and closes the account: no sign-in, no session, no residence', async () => {
      const property = await addProperty();
      const tenant = await invite(property.propertyId, newTenant({ firstName: 'Rita', lastName: 'Removed' }));
      await activate(tenant.email);
      const tenantClient = await signIn(testApp, { email: tenant.email, password: TENANT_PASSWORD });

      const response = await call(landlord, 'DELETE', `/api/landlord/properties/${property.propertyId}/tenants/${tenant.tenantId}`);

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'success', removed: { name: 'Rita Removed' } });
      const login = await call(null, 'POST', '/api/account/login', { email: tenant.email, password: TENANT_PASSWORD });
      expect(login.statusCode).toBe(401);
      expect((await call(tenantClient, 'GET', '/api/tenant/residence')).statusCode).toBe(401);
      expect((await call(landlord, 'GET', `/api/landlord/properties/${property.propertyId}/tenants`)).json().rows).toEqual([]);
      expect(await testApp.app.get(QueryBus).execute(new GetTenancy(tenant.tenantId))).toBeNull();
      // History stays: the tenancy row is ended, not deleted.
      const rows = await testApp.dataSource.query(`SELECT end_reason, ended_at FROM tenants.tenancies WHERE tenant_user_id = $1`, [tenant.tenantId]);
      expect(rows).toEqual([{ end_reason: 'removed', ended_at: clock.now() }]);
      // The property is empty now, so it can be removed in turn.
      expect((await call(landlord, 'DELETE', `/api/landlord/properties/${property.propertyId}`)).statusCode).toBe(200);
    });

    it('frees the email, so the tenant can be invited again later', async () => {
      const property = await addProperty();
      const tenant = await invite(property.propertyId);
      await call(landlord, 'DELETE', `/api/landlord/properties/${property.propertyId}/tenants/${tenant.tenantId}`);
      const again = await invite(property.propertyId, tenant.input);
      expect(again.tenantId).not.toBe(tenant.tenantId);
    });
  });

  describe('belong to their landlord alone', () => {
    let property: { propertyId: string };
    let otherProperty: { propertyId: string };
    let tenant: { tenantId: string; input: ReturnType<typeof newTenant> };
    let stranger: Client;

    beforeAll(async () => {
      property = await addProperty();
      otherProperty = await addProperty();
      tenant = await invite(property.propertyId);
      stranger = await signedInUser(testApp, { type: 'landlord' });
    });

    const routes = (propertyId: () => string, tenantId: () => string) =>
      [
        ['GET', 'tenants', () => `/api/landlord/properties/${propertyId()}/tenants`],
        ['POST', 'tenants', () => `/api/landlord/properties/${propertyId()}/tenants`],
        ['GET', 'tenants/:id', () => `/api/landlord/properties/${propertyId()}/tenants/${tenantId()}`],
        ['PATCH', 'tenants/:id', () => `/api/landlord/properties/${propertyId()}/tenants/${tenantId()}`],
        ['DELETE', 'tenants/:id', () => `/api/landlord/properties/${propertyId()}/tenants/${tenantId()}`],
        ['POST', 'tenants/:id/invitation', () => `/api/landlord/properties/${propertyId()}/tenants/${tenantId()}/invitation`],
      ] as const;

    it.each(routes(() => property.propertyId, () => tenant.tenantId))(
      'answers another landlord’s %s %s with 404 and no data',
      async (method, _label, url) => {
        const response = await call(stranger, method, url(), method === 'PATCH' || method === 'POST' ? newTenant() : undefined);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ status: 'error', error: MESSAGES.notFound });
      },
    );

    it.each(routes(() => otherProperty.propertyId, () => tenant.tenantId).slice(2))(
      'answers %s %s through the wrong property with 404',
      async (method, _label, url) => {
        const response = await call(landlord, method, url(), method === 'PATCH' ? tenant.input : undefined);
        expect(response.statusCode).toBe(404);
      },
    );

    it('left the tenant untouched, still in place', async () => {
      const response = await call(landlord, 'GET', `/api/landlord/properties/${property.propertyId}/tenants/${tenant.tenantId}`);
      expect(response.json().tenant).toMatchObject({ firstName: 'Tom', propertyId: property.propertyId });
      expect((await call(landlord, 'GET', `/api/landlord/properties/${property.propertyId}/tenants`)).json().rows).toHaveLength(1);
    });

    it('answers ids that are not ids with 404', async () => {
      expect((await call(landlord, 'GET', `/api/landlord/properties/${property.propertyId}/tenants/nope`)).statusCode).toBe(404);
      expect((await call(landlord, 'GET', `/api/landlord/properties/nope/tenants`)).statusCode).toBe(404);
    });

    it('is closed to tenants and signed-out visitors; the residence is for tenants only', async () => {
      const someTenant = await signedInUser(testApp, { type: 'tenant' });
      expect((await call(someTenant, 'GET', `/api/landlord/properties/${property.propertyId}/tenants`)).statusCode).toBe(403);
      expect((await call(null, 'GET', `/api/landlord/properties/${property.propertyId}/tenants`)).statusCode).toBe(401);
      expect((await call(landlord, 'GET', '/api/tenant/residence')).statusCode).toBe(403);
      expect((await call(null, 'GET', '/api/tenant/residence')).statusCode).toBe(401);
    });

    it('answers a tenant without a home with a null residence', async () => {
      const homeless = await signedInUser(testApp, { type: 'tenant' });
      expect((await call(homeless, 'GET', '/api/tenant/residence')).json()).toEqual({ status: 'success', residence: null });
    });
  });
});
