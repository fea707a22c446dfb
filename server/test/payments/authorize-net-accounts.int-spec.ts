import { MESSAGES } from '@rentwise/libs/messages';
import { randomUUID } from 'node:crypto';
import { signAuthorizeNetBody } from '../../src/modules/payments/gateways/authorize-net/authorize-net-events';
import { SecretBox } from '../../src/infrastructure/security/secret-box';
import { signedInUser, signIn } from '../support/accounts';
import { newAuthorizeNetKeys, payWithFakeNonce, startWithFakeAuthorizeNet } from '../support/authorize-net-accounts';
import type { FakeAuthorizeNet } from '../support/fake-authorize-net';
import type { TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { rentedHome } from './payment-support';

/** Landlords' own Authorize.Net merchant accounts (decision 0046), with the real SDK against the local fake. */
describe("an Authorize.Net landlord's own merchant account", () => {
  let fake: FakeAuthorizeNet;
  let testApp: TestApp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ fake, testApp, close } = await startWithFakeAuthorizeNet());
  });
  afterAll(() => close());

  async function landlordWithTenant() {
    const home = await rentedHome(testApp, async () => {}, { payoutAccount: false });
    return { home, landlord: await signIn(testApp, home.landlord), tenant: await signIn(testApp, home.tenant) };
  }

  const saveKeys = (client: { headers: Record<string, string> }, keys: object, url = '/api/landlord/authorize-net-account') =>
    testApp.request({ method: 'PUT', url, headers: client.headers, payload: keys });

  it('refuses keys Authorize.Net does not accept, and keeps nothing', async () => {
    const { landlord, home } = await landlordWithTenant();
    fake.refuseLogins.add('refusedLogin1');
    const response = await saveKeys(landlord, { ...newAuthorizeNetKeys(), apiLoginId: 'refusedLogin1' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ status: 'error', error: MESSAGES.authorizeNetKeysRefused });
    expect(fake.requestsOf('authenticateTestRequest').at(-1)!.merchantAuthentication).toMatchObject({ name: 'refusedLogin1' });
    const rows = await testApp.dataSource.query(`SELECT 1 FROM payments.authorize_net_accounts WHERE landlord_user_id = $1`, [home.landlord.userId]);
    expect(rows).toEqual([]);
  });

  it('keeps the transaction and signature keys sealed at rest and never answers them', async () => {
    const { landlord, home } = await landlordWithTenant();
    const keys = newAuthorizeNetKeys();
    const saved = await saveKeys(landlord, keys);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      environment: 'sandbox',
      cardGateway: 'stripe',
      account: {
        apiLoginId: keys.apiLoginId,
        publicClientKey: keys.publicClientKey,
        webhookUrl: expect.stringMatching(/^http:\/\/localhost:3000\/api\/webhooks\/authorize-net\/[0-9a-f-]{36}$/),
        savedByName: 'Dana Whitaker',
      },
    });
    const answered = JSON.stringify([saved.json(), (await testApp.request({ method: 'GET', url: '/api/landlord/authorize-net-account', headers: landlord.headers })).json()]);
    expect(answered).not.toContain(keys.transactionKey);
    expect(answered).not.toContain(keys.signatureKey);

    const [row] = await testApp.dataSource.query(
      `SELECT transaction_key_sealed, signature_key_sealed, row_to_json(a)::text AS whole FROM payments.authorize_net_accounts a WHERE landlord_user_id = $1`,
      [home.landlord.userId],
    );
    expect(row.whole).not.toContain(keys.transactionKey);
    expect(row.whole).not.toContain(keys.signatureKey);
    expect(row.transaction_key_sealed).toMatch(/^v1\.dev\./);
    const box = testApp.app.get(SecretBox);
    expect(box.open(row.transaction_key_sealed, `authorize-net/${home.landlord.userId}/transaction-key`)).toBe(keys.transactionKey);
    // A sealed key copied to another landlord's row would not open there.
    expect(() => box.open(row.signature_key_sealed, `authorize-net/${randomUUID()}/signature-key`)).toThrow();
  });

  it("refuses a merchant account another landlord connected, and lets an operator replace a landlord's keys", async () => {
    const first = await landlordWithTenant();
    const second = await landlordWithTenant();
    const keys = newAuthorizeNetKeys();
    expect((await saveKeys(first.landlord, keys)).statusCode).toBe(200);
    const taken = await saveKeys(second.landlord, keys);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(MESSAGES.authorizeNetKeysInUse);

    const operator = await signedInUser(testApp, { type: 'operator', firstName: 'Olive', lastName: 'Operator' });
    const url = `/api/operator/landlords/${first.home.landlord.userId}/authorize-net-account`;
    const before = (await testApp.request({ method: 'GET', url, headers: operator.headers })).json().account.webhookUrl;
    const replaced = await saveKeys(operator, newAuthorizeNetKeys(), url);
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().account).toMatchObject({ savedByName: 'Olive Operator', webhookUrl: before });
    const trail = await testApp.dataSource.query(
      `SELECT saved_by FROM payments.authorize_net_account_changes WHERE landlord_user_id = $1 ORDER BY saved_at`,
      [first.home.landlord.userId],
    );
    expect(trail).toEqual([{ saved_by: first.home.landlord.userId }, { saved_by: operator.userId }]);
    // The first landlord's old keys are free again.
    expect((await saveKeys(second.landlord, keys)).statusCode).toBe(200);
  });

  it("charges with the landlord's keys, and takes their webhooks only when signed with their signature key", async () => {
    const { home, landlord, tenant } = await landlordWithTenant();
    const keys = newAuthorizeNetKeys();
    const webhookUrl = new URL((await saveKeys(landlord, keys)).json().account.webhookUrl as string).pathname;
    const operator = await signedInUser(testApp, { type: 'operator' });
    await testApp.request({
      method: 'PUT',
      url: `/api/operator/landlords/${home.landlord.userId}/card-gateway`,
      headers: operator.headers,
      payload: { gateway: 'authorize_net' },
    });
    const { charge } = await payWithFakeNonce(testApp, fake, tenant);
    expect(fake.requestsOf('createTransactionRequest').at(-1)!.merchantAuthentication).toEqual({ name: keys.apiLoginId, transactionKey: keys.transactionKey });

    const refund = fake.refundInMerchantInterface(charge.transId, 20_000);
    const notification = JSON.stringify({
      notificationId: randomUUID(),
      eventType: 'net.authorize.payment.refund.created',
      eventDate: new Date().toISOString(),
      webhookId: randomUUID(),
      payload: { entityName: 'transaction', id: refund.transId },
    });
    const send = (path: string, signatureKey: string) =>
      testApp.request({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/json', 'x-anet-signature': signAuthorizeNetBody(notification, signatureKey) },
        payload: notification,
      });
    expect((await send(webhookUrl, newAuthorizeNetKeys().signatureKey)).statusCode).toBe(400);
    expect((await send(`/api/webhooks/authorize-net/${randomUUID()}`, keys.signatureKey)).statusCode).toBe(404);
    expect((await send(webhookUrl, keys.signatureKey)).statusCode).toBe(200);

    await waitFor(
      async () => {
        const [posted] = await testApp.dataSource.query(
          `SELECT idempotency_key FROM payments.ledger_transactions WHERE landlord_user_id = $1 AND kind = 'refund'`,
          [home.landlord.userId],
        );
        return posted?.idempotency_key === `refund:anet:${keys.apiLoginId}/${refund.transId}` ? posted : null;
      },
      { what: 'the refund posted from the webhook' },
    );
  });
});
