import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { BANK_DEBIT_MANDATE_VERSION } from '@rentwise/libs/bank-debits';
import { SANDBOX_ROUTING_NUMBER } from '@rentwise/libs/sandbox-bank-accounts';
import { propertySchema } from '@rentwise/libs/schemas/property.schema';
import { rentTermsSchema } from '@rentwise/libs/schemas/rent-terms.schema';
import { signUpSchema } from '@rentwise/libs/schemas/sign-up.schema';
import { tenantSchema } from '@rentwise/libs/schemas/tenant.schema';
import { PaymentGateway } from '../../src/modules/payments/gateways/payment-gateway.port';
import { ActivateAccount } from '../../src/modules/accounts/contracts/activate-account.command';
import { IssuePasswordLink } from '../../src/modules/accounts/contracts/issue-password-link.command';
import { ApproveRegistration } from '../../src/modules/onboarding/contracts/approve-registration.command';
import { RegisterLandlord } from '../../src/modules/onboarding/contracts/register-landlord.command';
import { AddProperty } from '../../src/modules/properties/contracts/add-property.command';
import { SetRentTerms } from '../../src/modules/properties/commands/set-rent-terms.command';
import { InviteTenant } from '../../src/modules/tenants/contracts/invite-tenant.command';
import { createActiveUser, signIn, SignedInClient, TEST_PASSWORD } from '../support/accounts';
import type { TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

export interface Person {
  userId: string;
  email: string;
  password: string;
}

export interface RentedHome {
  landlord: Person;
  tenant: Person;
  propertyId: string;
  accountId: string;
  address: string;
}

const short = () => randomUUID().slice(0, 8);

async function activate(testApp: TestApp, userId: string, email: string): Promise<void> {
  const commands = testApp.app.get(CommandBus);
  const { url } = await commands.execute(new IssuePasswordLink(userId, 'activation'));
  await commands.execute(new ActivateAccount(email, new URL(url).searchParams.get('token')!, TEST_PASSWORD));
}

/**
 * A landlord who came in through sign-up and approval, with a payout account opened at the provider
 * (charges enabled unless `enableCharges` says otherwise, by `enable`), one property and one active tenant.
 */
export async function rentedHome(
  testApp: TestApp,
  enable: (accountId: string, chargesEnabled: boolean) => Promise<void>,
  { chargesEnabled = true, payoutAccount = true }: { chargesEnabled?: boolean; payoutAccount?: boolean } = {},
): Promise<RentedHome> {
  const commands = testApp.app.get(CommandBus);
  const operator = await createActiveUser(testApp, { type: 'operator' });
  const landlordEmail = `landlord-${short()}@example.com`;
  const { registrationId, landlordUserId } = await commands.execute(
    new RegisterLandlord(
      signUpSchema.parse({ firstName: 'Dana', lastName: 'Whitaker', email: landlordEmail, confirmEmail: landlordEmail, phone: '(555) 201-4410' }),
    ),
  );
  await commands.execute(new ApproveRegistration(registrationId, operator.userId));
  await activate(testApp, landlordUserId, landlordEmail);

  let accountId = '';
  if (payoutAccount) {
    ({ accountId } = await testApp.app
      .get(PaymentGateway)
      .createConnectedAccount({ email: landlordEmail, idempotencyKey: `test-${registrationId}` }));
    await enable(accountId, chargesEnabled);
    // Step 1 done, as the provider's return and account.updated would leave it.
    await testApp.dataSource.query(
      `UPDATE onboarding.registrations
          SET payout_account_id = $1, payout_status = $2, payout_charges_enabled = $3, payout_bank_debits_enabled = $3
        WHERE id = $4`,
      [accountId, chargesEnabled ? 'active' : 'pending', chargesEnabled, registrationId],
    );
  }

  const property = await commands.execute(
    new AddProperty(
      landlordUserId,
      propertySchema.parse({ line1: '123 Main St', line2: 'Apt 2', city: 'Springfield', state: 'IL', zip: '62704', rent: '1,500' }),
    ),
  );
  const tenantEmail = `tenant-${short()}@example.com`;
  const { tenantUserId } = await commands.execute(
    new InviteTenant(
      landlordUserId,
      property.propertyId,
      tenantSchema.parse({ firstName: 'Sam', lastName: 'Rivera', email: tenantEmail, confirmEmail: tenantEmail, phone: '(555) 301-7721' }),
    ),
  );
  await activate(testApp, tenantUserId, tenantEmail);
  return {
    landlord: { userId: landlordUserId, email: landlordEmail, password: TEST_PASSWORD },
    tenant: { userId: tenantUserId, email: tenantEmail, password: TEST_PASSWORD },
    propertyId: property.propertyId,
    accountId,
    address: property.address,
  };
}

/** A second active tenant of the same landlord, in a home of their own on the same payout account. */
export async function anotherTenantOf(testApp: TestApp, home: RentedHome): Promise<Person> {
  const commands = testApp.app.get(CommandBus);
  const property = await commands.execute(
    new AddProperty(
      home.landlord.userId,
      propertySchema.parse({ line1: '125 Main St', line2: 'Apt 4', city: 'Springfield', state: 'IL', zip: '62704', rent: '1,500' }),
    ),
  );
  const email = `tenant-${short()}@example.com`;
  const { tenantUserId } = await commands.execute(
    new InviteTenant(
      home.landlord.userId,
      property.propertyId,
      tenantSchema.parse({ firstName: 'Alex', lastName: 'Moreno', email, confirmEmail: email, phone: '(555) 301-7722' }),
    ),
  );
  await activate(testApp, tenantUserId, email);
  return { userId: tenantUserId, email, password: TEST_PASSWORD };
}

export function payRent(
  testApp: TestApp,
  client: SignedInClient,
  payload: Record<string, unknown>,
): ReturnType<TestApp['request']> {
  return testApp.request({ method: 'POST', url: '/api/tenant/payments', headers: client.headers, payload });
}

/**
 * The tenant links one of the sandbox's test bank accounts (SANDBOX_TEST_BANK_ACCOUNTS says how each
 * ends) and pays from it at once, as the bank payment screen does.
 */
export async function payFromSandboxBank(
  testApp: TestApp,
  home: Pick<RentedHome, 'accountId'>,
  client: SignedInClient,
  { accountNumber, amountCents }: { accountNumber: string; amountCents: number },
): ReturnType<TestApp['request']> {
  const linked = await testApp.request({
    method: 'POST',
    url: '/sandbox/v1/bank_accounts',
    payload: { account: home.accountId, accountHolderName: 'Sam Rivera', routingNumber: SANDBOX_ROUTING_NUMBER, accountNumber, verification: 'instant' },
  });
  return testApp.request({
    method: 'POST',
    url: '/api/tenant/payments/bank',
    headers: client.headers,
    payload: {
      amountCents,
      bankAccount: { paymentMethodId: linked.json().id },
      mandate: { accepted: true, version: BANK_DEBIT_MANDATE_VERSION },
      idempotencyKey: randomUUID(),
      confirmRepeat: true,
    },
  });
}

/**
 * A property's rent terms as the Rent & late fees form types them (decision 0040): due on the 1st,
 * late fees on after 5 days' grace, and whatever `form` says instead.
 */
export function setRentTerms(testApp: TestApp, landlordUserId: string, propertyId: string, form: Record<string, unknown>): Promise<void> {
  return testApp.app
    .get(CommandBus)
    .execute(
      new SetRentTerms(
        landlordUserId,
        propertyId,
        rentTermsSchema.parse({ dueDay: '1', lateFeesOn: true, graceDays: '5', flatFee: '', percentFee: '', dailyFee: '', monthlyCap: '', ...form }),
      ),
    );
}

export function tokenizeCard(
  testApp: TestApp,
  card: { number: string; expMonth?: number; expYear?: number; cvc?: string },
): ReturnType<TestApp['request']> {
  return testApp.request({
    method: 'POST',
    url: '/sandbox/v1/payment_methods',
    payload: { expMonth: 12, expYear: 2034, cvc: '123', ...card },
  });
}

export async function ledgerRowsOf(testApp: TestApp, tenantUserId: string): Promise<{ id: string; entries: number }[]> {
  return testApp.dataSource.query(
    `SELECT t.id, (SELECT count(*)::int FROM payments.ledger_entries e WHERE e.transaction_id = t.id) AS entries
       FROM payments.ledger_transactions t WHERE t.tenant_user_id = $1`,
    [tenantUserId],
  );
}

/** A posted journal with its entries as one sum per account. */
export interface PostedJournal {
  id: string;
  kind: string;
  idempotency_key: string;
  corrects_transaction_id: string | null;
  property_id: string;
  occurred_at: Date;
  entries: Record<string, number>;
}

/** Every journal of a tenant's, oldest first. */
export async function journalsOf(testApp: TestApp, tenantUserId: string): Promise<PostedJournal[]> {
  const rows = await testApp.dataSource.query<(Omit<PostedJournal, 'entries'> & { entries: { account: string; amount_cents: string }[] })[]>(
    `SELECT t.id, t.kind, t.idempotency_key, t.corrects_transaction_id, t.property_id, t.occurred_at,
            json_agg(json_build_object('account', e.account, 'amount_cents', e.amount_cents)) AS entries
       FROM payments.ledger_transactions t JOIN payments.ledger_entries e ON e.transaction_id = t.id
      WHERE t.tenant_user_id = $1 GROUP BY t.id ORDER BY t.recorded_at, t.id`,
    [tenantUserId],
  );
  return rows.map((row) => ({ ...row, entries: Object.fromEntries(row.entries.map((entry) => [entry.account, Number(entry.amount_cents)])) }));
}

/** At least `expectedEvents` provider events about the account handled, none waiting, and nothing left in the outbox. */
export async function providerEventsHandled(testApp: TestApp, accountId: string, expectedEvents: number): Promise<void> {
  await waitFor(
    async () => {
      const [{ handled, waiting }] = await testApp.dataSource.query(
        `SELECT count(*) FILTER (WHERE status IN ('done', 'skipped', 'unhandled'))::int AS handled,
                count(*) FILTER (WHERE status NOT IN ('done', 'skipped', 'unhandled'))::int AS waiting
           FROM infra.inbox WHERE account_id = $1 AND type <> 'account.updated'`,
        [accountId],
      );
      const [{ outbox }] = await testApp.dataSource.query(`SELECT count(*)::int AS outbox FROM infra.outbox WHERE dispatched_at IS NULL`);
      return handled >= expectedEvents && waiting === 0 && outbox === 0;
    },
    { what: `${expectedEvents} events about ${accountId} to be handled`, timeoutMs: 20_000 },
  );
}

export { signIn };
