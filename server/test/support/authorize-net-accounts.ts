import { CommandBus } from '@nestjs/cqrs';
import { randomBytes, randomUUID } from 'node:crypto';
import { SaveAuthorizeNetAccount } from '../../src/modules/payments/authorize-net-accounts/save-authorize-net-account.command';
import { ConnectSandboxAuthorizeNetAccount } from '../../src/modules/payments/contracts/connect-sandbox-authorize-net-account.command';
import { SetLandlordCardGateway } from '../../src/modules/payments/contracts/set-landlord-card-gateway.command';
import type { AuthorizeNetCredentials } from '../../src/modules/payments/gateways/authorize-net-gateway.port';
import { createActiveUser } from './accounts';
import { FakeAuthorizeNet, type FakeAnetTransaction } from './fake-authorize-net';
import type { AppOptions } from '../../src/app.factory';
import { startTestApp, type TestApp } from './test-app';

/** A merchant account's keys of the shapes Authorize.Net gives, unique per call (one landlord per merchant account). */
export function newAuthorizeNetKeys(): AuthorizeNetCredentials {
  return {
    apiLoginId: `fake${randomBytes(6).toString('hex')}`,
    transactionKey: randomBytes(8).toString('hex'),
    signatureKey: randomBytes(64).toString('hex').toUpperCase(),
    publicClientKey: `fakeClientKey${randomBytes(12).toString('hex')}`,
  };
}

/** The app with the official authorizenet SDK over HTTP against a local fake of Authorize.Net's API (its sandbox). */
export async function startWithFakeAuthorizeNet(
  overrides: Record<string, string> = {},
  options: AppOptions = {},
): Promise<{ fake: FakeAuthorizeNet; testApp: TestApp; close(): Promise<void> }> {
  const fake = await FakeAuthorizeNet.start();
  const testApp = await startTestApp({ AUTHORIZE_NET_ENVIRONMENT: 'sandbox', AUTHORIZE_NET_API_BASE: fake.url, ...overrides }, options);
  return { fake, testApp, close: async () => { await testApp.close(); await fake.close(); } };
}

/**
 * Connects the landlord's own merchant account (the given keys, checked by the gateway; without keys,
 * a merchant of the offline sandbox) and has an operator move them to Authorize.Net. Answers the keys.
 */
export async function putOnAuthorizeNet(testApp: TestApp, landlordUserId: string, keys?: AuthorizeNetCredentials): Promise<AuthorizeNetCredentials | null> {
  const commands = testApp.app.get(CommandBus);
  if (keys) await commands.execute(new SaveAuthorizeNetAccount(landlordUserId, keys, landlordUserId));
  else await commands.execute(new ConnectSandboxAuthorizeNetAccount(landlordUserId));
  const operator = await createActiveUser(testApp, { type: 'operator' });
  await commands.execute(new SetLandlordCardGateway(landlordUserId, 'authorize_net', operator.userId));
  return keys ?? null;
}

/**
 * The signed-in tenant pays $1,500 by card on Authorize.Net with one of the fake's approving nonces (as
 * Accept.js would answer); answers the receipt's id and the fake's transaction.
 */
export async function payWithFakeNonce(
  testApp: TestApp,
  fake: FakeAuthorizeNet,
  tenant: { headers: Record<string, string> },
): Promise<{ receiptId: string; charge: FakeAnetTransaction }> {
  const response = await testApp.request({
    method: 'POST',
    url: '/api/tenant/payments/direct',
    headers: tenant.headers,
    payload: {
      amountCents: 150_000,
      paymentNonce: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: `fake-nonce-approve-${randomUUID()}` },
      card: { brand: 'visa', last4: '1111' },
      idempotencyKey: randomUUID(),
    },
  });
  if (response.statusCode !== 201) throw new Error(`paying on Authorize.Net answered ${response.statusCode}: ${response.body}`);
  return { receiptId: response.json().payment.receiptId as string, charge: fake.transactions.at(-1)! };
}
