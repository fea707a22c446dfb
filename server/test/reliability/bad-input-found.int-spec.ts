import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@rentwise/libs/messages';
import { SandboxAccounts } from '../../src/modules/payments/gateways/sandbox/sandbox-accounts';
import { payRent, rentedHome, signIn } from '../payments/payment-support';
import { signedInUser } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';

/** What the bad-input fuzz (bad-input.int-spec.ts) found, each kept as the case that failed. */
describe('bad input the fuzz found', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp({ RUN_WORKERS: 'false' });
  });
  afterAll(() => testApp.close());

  const post = (url: string, payload: string | undefined, headers: Record<string, string> = {}) =>
    testApp.request({
      method: 'POST',
      url,
      headers: { ...(payload !== undefined && { 'content-type': 'application/json' }), ...headers },
      ...(payload !== undefined && { payload }),
    });

  it.each([['null'], ['[]'], ['true'], ['"email"'], ['42']])(
    'answers a JSON body that is not an object (%s) with the catalogue, not zod\'s "Invalid input: expected object"',
    async (body) => {
      const response = await post('/api/account/login', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 'error', error: MESSAGES.invalidRequest });
    },
  );

  it('answers a POST without a body the same way', async () => {
    const response = await post('/api/account/login', undefined);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'error', error: MESSAGES.invalidRequest });
  });

  it('answers a field of the wrong type with the catalogue where the schema has no words of its own', async () => {
    const landlord = await signedInUser(testApp);
    const response = await testApp.request({
      method: 'GET',
      url: '/api/landlord/statements/statement?year=2026&month=%F0%9F%8F%A0',
      headers: landlord.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).not.toMatch(/Invalid input|expected|received/);
  });

  it.each([
    ['not JSON', '{"email":'],
    ['a prototype key', '{"__proto__":{"isAdmin":true},"email":"a@b.c","password":"x"}'],
    ['a constructor.prototype key', '{"constructor":{"prototype":{"isAdmin":true}}}'],
  ])('answers a body with %s in the catalogue\'s words, not Fastify\'s', async (_what, body) => {
    const response = await post('/api/account/login', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'error', error: MESSAGES.invalidRequest });
  });

  it.each(['/api/account/photos/..', '/api/landlord/properties/.', '/api/no-such-thing/%3Cscript%3E'])(
    'answers an /api path no route matches (%s) with "Not found", echoing nothing',
    async (url) => {
      const response = await testApp.request({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 'error', error: MESSAGES.notFound });
    },
  );

  it('refuses a payment method id the card form never issued with 402 "We were unable to add this card.", charging nothing (not a 503)', async () => {
    const enable = async (accountId: string, chargesEnabled: boolean) => {
      await testApp.app.get(SandboxAccounts).update(accountId, { chargesEnabled, payoutsEnabled: chargesEnabled, detailsSubmitted: true });
    };
    const home = await rentedHome(testApp, enable);
    const tenant = await signIn(testApp, home.tenant);
    const idempotencyKey = randomUUID();
    const payload = { amountCents: 1000, paymentMethodId: 'pm_sandbox_unknown', idempotencyKey };

    const response = await payRent(testApp, tenant, payload);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ status: 'error', error: MESSAGES.cardNotAdded });
    const again = await payRent(testApp, tenant, payload);
    expect(again.statusCode).toBe(402);

    const charges = await testApp.dataSource.query(`SELECT id FROM infra.sandbox_charges WHERE account_id = $1`, [home.accountId]);
    expect(charges).toEqual([]);
    const journals = await testApp.dataSource.query(`SELECT id FROM payments.ledger_transactions WHERE tenant_user_id = $1`, [home.tenant.userId]);
    expect(journals).toEqual([]);
  });
});
