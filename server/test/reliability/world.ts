import { BANK_DEBIT_MANDATE_VERSION } from '@rentwise/libs/bank-debits';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { UnitOfWork } from '../../src/infrastructure/database/unit-of-work';
import { SandboxAccounts } from '../../src/modules/payments/gateways/sandbox/sandbox-accounts';
import { insertJournal } from '../../src/modules/payments/ledger/journal-insert';
import { signUpLandlord } from '../onboarding/onboarding-support';
import { payRent, rentedHome, RentedHome, tokenizeCard } from '../payments/payment-support';
import { signedInUser, signIn, SignedInClient } from '../support/accounts';
import type { TestApp } from '../support/test-app';

/** One landlord's side of the world: the landlord, a property with a tenant, and their ids. */
export interface Party {
  home: RentedHome;
  landlord: SignedInClient;
  tenant: SignedInClient;
  /** Ids by the name a path parameter, query or body field gives them. */
  ids: Record<string, string | undefined>;
}

export interface World {
  /** Whose data everyone else tries to reach: has a payment (receipt) and a photo. */
  owner: Party;
  /** Another landlord with a property and tenant of their own. */
  stranger: Party;
  operator: SignedInClient;
  /** Present once the finance role exists in the database. */
  finance?: SignedInClient;
  /** A landlord's registration waiting for review (an operator's id to act on). */
  pendingRegistrationId: string;
}

export type Role = 'signed out' | 'tenant' | 'landlord' | 'operator' | 'finance';

const pngPhoto = () => sharp({ create: { width: 64, height: 64, channels: 3, background: '#2a6f97' } }).png().toBuffer();

function multipartPhoto(image: Buffer): { boundary: string; body: Buffer } {
  const boundary = `----rentwise-${randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
    image,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { boundary, body };
}

async function uploadPhoto(testApp: TestApp, client: SignedInClient): Promise<string> {
  const { boundary, body } = multipartPhoto(await pngPhoto());
  const response = await testApp.request({
    method: 'POST',
    url: '/api/account/save-user-photo',
    headers: { ...client.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  if (response.statusCode !== 200) throw new Error(`Photo upload failed: ${response.statusCode} ${response.body}`);
  return String(response.json().user.photoUrl).split('/').pop()!;
}

async function party(testApp: TestApp, { paid }: { paid: boolean }): Promise<Party> {
  const enable = async (accountId: string, chargesEnabled: boolean) => {
    await testApp.app.get(SandboxAccounts).update(accountId, { chargesEnabled, payoutsEnabled: chargesEnabled, detailsSubmitted: true });
  };
  const home = await rentedHome(testApp, enable, { payoutAccount: paid });
  const landlord = await signIn(testApp, home.landlord);
  const tenant = await signIn(testApp, home.tenant);
  const ids: Party['ids'] = {
    propertyId: home.propertyId,
    tenantId: home.tenant.userId,
    tenantUserId: home.tenant.userId,
    landlordUserId: home.landlord.userId,
  };
  if (paid) {
    const card = await tokenizeCard(testApp, { number: '4242424242424242' });
    const payment = await payRent(testApp, tenant, { amountCents: 150_000, paymentMethodId: card.json().id, idempotencyKey: randomUUID() });
    if (payment.statusCode !== 201) throw new Error(`Payment failed: ${payment.statusCode} ${payment.body}`);
    ids.receiptId = payment.json().payment.receiptId as string;
    ids.bankAccountId = await savedBankAccount(testApp, home, tenant);
    ids.savedCardId = await savedCard(testApp, tenant);
    ids.key = await uploadPhoto(testApp, landlord);
    ids.journalId = await lateFee(testApp, home);
  }
  return { home, landlord, tenant, ids };
}

/** The tenant pays from a sandbox test account and saves it: the saved account's id. */
async function savedBankAccount(testApp: TestApp, home: RentedHome, tenant: SignedInClient): Promise<string> {
  const linked = await testApp.request({
    method: 'POST',
    url: '/sandbox/v1/bank_accounts',
    payload: { account: home.accountId, accountHolderName: 'Sam Rivera', routingNumber: '110000000', accountNumber: '000123456789', verification: 'instant' },
  });
  const payment = await testApp.request({
    method: 'POST',
    url: '/api/tenant/payments/bank',
    headers: tenant.headers,
    payload: {
      amountCents: 10_000,
      bankAccount: { paymentMethodId: linked.json().id, saveForLater: true },
      mandate: { accepted: true, version: BANK_DEBIT_MANDATE_VERSION },
      idempotencyKey: randomUUID(),
      confirmRepeat: true,
    },
  });
  if (payment.statusCode !== 201) throw new Error(`Bank payment failed: ${payment.statusCode} ${payment.body}`);
  const setup = await testApp.request({ method: 'GET', url: '/api/tenant/payment-setup', headers: tenant.headers });
  return setup.json().setup.bankDebit.savedAccounts[0].id as string;
}

/** The tenant saves a sandbox test card for autopay: the saved card's id. */
async function savedCard(testApp: TestApp, tenant: SignedInClient): Promise<string> {
  await testApp.request({ method: 'POST', url: '/api/tenant/cards/setup', headers: tenant.headers });
  const card = await tokenizeCard(testApp, { number: '4242424242424242' });
  const saved = await testApp.request({ method: 'POST', url: '/api/tenant/cards', headers: tenant.headers, payload: { paymentMethodId: card.json().id } });
  if (saved.statusCode !== 201) throw new Error(`Saving a card failed: ${saved.statusCode} ${saved.body}`);
  return saved.json().card.id as string;
}

/** A late fee of the tenant's, as the late fee job posts one (decision 0040): what a landlord may waive. */
async function lateFee(testApp: TestApp, home: RentedHome): Promise<string> {
  const unitOfWork = testApp.app.get(UnitOfWork);
  const now = testApp.clock.now();
  const journalId = await unitOfWork.run(() =>
    insertJournal(
      unitOfWork,
      {
        idempotencyKey: `late-fee:reliability-${randomUUID()}`,
        inputHash: null,
        kind: 'late_fee',
        occurredAt: now,
        recordedAt: now,
        tenantUserId: home.tenant.userId,
        landlordUserId: home.landlord.userId,
        propertyId: home.propertyId,
        description: 'Late fee: reliability world',
        provider: 'rentwise',
        providerReference: null,
        correlationId: null,
        causationId: null,
        correctsTransactionId: null,
      },
      [
        { account: 'tenant_receivable', amountCents: 5_000 },
        { account: 'late_fees_charged', amountCents: -5_000 },
      ],
    ),
  );
  if (!journalId) throw new Error('Late fee not posted');
  return journalId;
}

async function hasFinanceRole(testApp: TestApp): Promise<boolean> {
  const [{ types }] = await testApp.dataSource.query(`SELECT enum_range(NULL::accounts.user_type)::text[] AS types`);
  return (types as string[]).includes('finance');
}

/** Builds the world through the product's own commands and endpoints. */
export async function buildWorld(testApp: TestApp): Promise<World> {
  const owner = await party(testApp, { paid: true });
  const stranger = await party(testApp, { paid: false });
  const operator = await signedInUser(testApp, { type: 'operator', email: `operator-${randomUUID().slice(0, 8)}@example.com` });
  const finance = (await hasFinanceRole(testApp))
    ? await signedInUser(testApp, { type: 'finance' as never, email: `finance-${randomUUID().slice(0, 8)}@example.com` })
    : undefined;
  const { registrationId } = await signUpLandlord(testApp);
  owner.ids.registrationId = registrationId;
  return { owner, stranger, operator, finance, pendingRegistrationId: registrationId };
}

/** The session of a caller of each role who is not the owner (undefined: signed out). */
export function strangerOf(world: World, role: Role): SignedInClient | undefined | null {
  switch (role) {
    case 'signed out':
      return undefined;
    case 'tenant':
      return world.stranger.tenant;
    case 'landlord':
      return world.stranger.landlord;
    case 'operator':
      return world.operator;
    case 'finance':
      return world.finance ?? null;
  }
}
