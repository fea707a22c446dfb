import { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { AUTOPAY_MANDATE_VERSION, DEFAULT_AUTOPAY_DAYS_BEFORE_DUE } from '@rentwise/libs/autopay';
import { billingMonthLabel } from '@rentwise/libs/billing-month';
import { propertySchema } from '@rentwise/libs/schemas/property.schema';
import { signUpSchema } from '@rentwise/libs/schemas/sign-up.schema';
import { tenantSchema } from '@rentwise/libs/schemas/tenant.schema';
import { Clock } from '../infrastructure/clock/clock';
import { AppConfig } from '../infrastructure/config/app-config';
import { PayoutAccountProvider } from '../modules/onboarding/contracts/payout-account-provider.port';
import { ActivateAccount } from '../modules/accounts/contracts/activate-account.command';
import { CreateUser } from '../modules/accounts/contracts/create-user.command';
import { IssuePasswordLink } from '../modules/accounts/contracts/issue-password-link.command';
import { ApproveRegistration } from '../modules/onboarding/contracts/approve-registration.command';
import { RegisterLandlord } from '../modules/onboarding/contracts/register-landlord.command';
import { ConnectSandboxPayoutAccount } from '../modules/onboarding/contracts/connect-sandbox-payout-account.command';
import { PostDueRentCharges } from '../modules/payments/contracts/post-due-rent-charges.command';
import { LinkSandboxBankAccount } from '../modules/payments/contracts/link-sandbox-bank-account.command';
import { SaveBankAccount } from '../modules/payments/contracts/save-bank-account.command';
import { SetAutopay } from '../modules/payments/contracts/set-autopay.command';
import { RecordRentPayment } from '../modules/payments/contracts/record-rent-payment.command';
import { ConnectSandboxAuthorizeNetAccount } from '../modules/payments/contracts/connect-sandbox-authorize-net-account.command';
import { SetLandlordCardGateway } from '../modules/payments/contracts/set-landlord-card-gateway.command';
import { AddProperty } from '../modules/properties/contracts/add-property.command';
import { InviteTenant } from '../modules/tenants/contracts/invite-tenant.command';
import { demoPayments } from './demo-payments';
import { runCli } from './run-cli';

/** Demo sign-ins; printed by `npm start`. Only ever loaded into an empty database. */
const DEMO_PASSWORD = 'rentwise-demo-2019';
const DEMO = {
  landlord: { email: 'landlord@rentwise.demo', firstName: 'Dana', lastName: 'Whitaker', phone: '(555) 201-4410' },
  pendingLandlord: { email: 'priya.natarajan@rentwise.demo', firstName: 'Priya', lastName: 'Natarajan', phone: '(555) 410-2231' },
  operator: { email: 'operator@rentwise.demo', firstName: 'Olive', lastName: 'Reviewer', phone: '(555) 201-4400' },
  tenants: [
    { email: 'tenant@rentwise.demo', firstName: 'Sam', lastName: 'Rivera', phone: '(555) 301-7721' },
    { email: 'jordan.lee@rentwise.demo', firstName: 'Jordan', lastName: 'Lee', phone: '(555) 301-7790' },
  ],
  // A landlord whose tenants pay on the second card gateway, Authorize.Net (its sandbox without keys).
  authorizeNetLandlord: { email: 'marcus.bell@rentwise.demo', firstName: 'Marcus', lastName: 'Bell', phone: '(555) 201-4477' },
  authorizeNetTenant: { email: 'alex.kim@rentwise.demo', firstName: 'Alex', lastName: 'Kim', phone: '(555) 301-7733' },
} as const;

const AUTHORIZE_NET_PROPERTY = { line1: '9 Orchard Lane', line2: null, city: 'Madison', state: 'WI', zip: '53703', rent: '1,200' };

const PROPERTIES = [
  { line1: '1428 Elm Street', line2: 'Apt 2', city: 'Springfield', state: 'IL', zip: '62704', rent: '1,450' },
  { line1: '77 Harbor View Road', line2: null, city: 'Portland', state: 'ME', zip: '04101', rent: '2,100' },
];

/** The first payment predates the first fee change, so every fee era of the schedule appears. */
const HISTORY_STARTS = new Date(Date.UTC(2019, 9, 1));
/** The demo tenants moved in as their history begins: midnight starting October 1st in New York, the demo landlord's zone. */
const DEMO_MOVED_IN = new Date('2019-10-01T04:00:00Z');

function printSignIns(): void {
  const lines = [
    `  Demo sign-ins (password for all: ${DEMO_PASSWORD})`,
    `    landlord  ${DEMO.landlord.email}`,
    ...DEMO.tenants.map((tenant, index) => `    tenant    ${tenant.email}${index === 1 ? '  (on autopay)' : ''}`),
    `    landlord  ${DEMO.authorizeNetLandlord.email}  (Authorize.Net)`,
    `    tenant    ${DEMO.authorizeNetTenant.email}  (pays on Authorize.Net; sandbox card 4111 1111 1111 1111)`,
    `    operator  ${DEMO.operator.email}`,
  ];
  console.log(lines.join('\n'));
}

async function seed(context: INestApplicationContext): Promise<void> {
  const [{ has_users: hasUsers }] = await context
    .get(DataSource)
    .query(`SELECT EXISTS (SELECT 1 FROM accounts.users) AS has_users`);
  if (hasUsers) {
    console.log('Demo data: the database already has accounts; leaving it as it is');
    return;
  }
  const commands = context.get(CommandBus);
  const now = context.get(Clock).now();

  const activate = async (userId: string, email: string) => {
    const { url } = await commands.execute(new IssuePasswordLink(userId, 'activation'));
    await commands.execute(new ActivateAccount(email, new URL(url).searchParams.get('token')!, DEMO_PASSWORD));
  };
  const register = (person: { email: string; firstName: string; lastName: string; phone: string }) =>
    commands.execute(new RegisterLandlord(signUpSchema.parse({ ...person, confirmEmail: person.email })));

  const { userId: operatorUserId } = await commands.execute(
    new CreateUser({ ...DEMO.operator, type: 'operator', status: 'active', password: DEMO_PASSWORD }),
  );
  // The landlord comes in the way every landlord does: signs up, is approved, creates a password.
  // With the sandbox gateway, step 1 (the payout account) is done too, so the demo tenant can pay at
  // once with 4242 4242 4242 4242; with Stripe keys it is left to do from the approval email.
  const { registrationId, landlordUserId } = await register(DEMO.landlord);
  await commands.execute(new ApproveRegistration(registrationId, operatorUserId));
  await activate(landlordUserId, DEMO.landlord.email);
  if (context.get(PayoutAccountProvider).name === 'sandbox') await commands.execute(new ConnectSandboxPayoutAccount(landlordUserId));
  await register(DEMO.pendingLandlord);

  let payments = 0;
  const tenantUserIds: string[] = [];
  for (const [index, property] of PROPERTIES.entries()) {
    const added = await commands.execute(
      new AddProperty(landlordUserId, propertySchema.parse(property)),
    );
    const tenant = DEMO.tenants[index];
    const { tenantUserId } = await commands.execute(
      new InviteTenant(landlordUserId, added.propertyId, tenantSchema.parse({ ...tenant, confirmEmail: tenant.email }), DEMO_MOVED_IN),
    );
    await activate(tenantUserId, tenant.email);
    tenantUserIds.push(tenantUserId);

    for (const payment of demoPayments(added.rentCents, HISTORY_STARTS, now, index + 7)) {
      await commands.execute(
        new RecordRentPayment({
          idempotencyKey: `demo:${tenantUserId}:${payment.paidAt.toISOString()}`,
          occurredAt: payment.paidAt,
          tenantUserId,
          landlordUserId,
          propertyId: added.propertyId,
          chargedCents: payment.chargedCents,
          description: `Rent: ${billingMonthLabel(payment.forMonth)}`,
          provider: 'import',
          providerReference: null,
        }),
      );
      payments++;
    }
  }
  // The second gateway's landlord: their own Authorize.Net merchant account takes the charges (decision
  // 0046), so no Stripe payout account is needed. Offline, a merchant of the stand-in; with the real
  // Authorize.Net they stay on Stripe until they enter their own keys.
  const authorizeNetLandlord = await register(DEMO.authorizeNetLandlord);
  await commands.execute(new ApproveRegistration(authorizeNetLandlord.registrationId, operatorUserId));
  await activate(authorizeNetLandlord.landlordUserId, DEMO.authorizeNetLandlord.email);
  if (context.get(AppConfig).authorizeNetEnvironment === 'offline') {
    await commands.execute(new ConnectSandboxAuthorizeNetAccount(authorizeNetLandlord.landlordUserId));
    await commands.execute(new SetLandlordCardGateway(authorizeNetLandlord.landlordUserId, 'authorize_net', operatorUserId));
  }
  const authorizeNetProperty = await commands.execute(new AddProperty(authorizeNetLandlord.landlordUserId, propertySchema.parse(AUTHORIZE_NET_PROPERTY)));
  const { tenantUserId: authorizeNetTenantUserId } = await commands.execute(
    new InviteTenant(
      authorizeNetLandlord.landlordUserId,
      authorizeNetProperty.propertyId,
      tenantSchema.parse({ ...DEMO.authorizeNetTenant, confirmEmail: DEMO.authorizeNetTenant.email }),
    ),
  );
  await activate(authorizeNetTenantUserId, DEMO.authorizeNetTenant.email);

  // Every month's rent since the history began, as the worker's charging job would post it.
  const { charges } = await commands.execute(new PostDueRentCharges());
  const autopayTenant = await onAutopay(context, tenantUserIds[1]);

  console.log(`Demo data loaded: 2 landlords (1 on Authorize.Net, and 1 awaiting review), 1 operator, ${PROPERTIES.length + 1} properties, ${DEMO.tenants.length + 1} tenants, ${payments} payments and ${charges} rent charges since ${HISTORY_STARTS.toISOString().slice(0, 7)}${autopayTenant ? `; ${DEMO.tenants[1].firstName} ${DEMO.tenants[1].lastName} pays by autopay` : ''}`);
}

/**
 * The second demo tenant saves the sandbox's test bank account and turns autopay on (decision 0042), as
 * they would on the Autopay page. Sandbox only: with Stripe keys the account is linked through Stripe.
 */
async function onAutopay(context: INestApplicationContext, tenantUserId: string): Promise<boolean> {
  if (context.get(PayoutAccountProvider).name !== 'sandbox') return false;
  const tenant = DEMO.tenants[1];
  const commands = context.get(CommandBus);
  // The sandbox's account whose debits succeed.
  const paymentMethodId = await commands.execute(new LinkSandboxBankAccount(tenantUserId, `${tenant.firstName} ${tenant.lastName}`, '000123456789'));
  const saved = await commands.execute(new SaveBankAccount(tenantUserId, paymentMethodId));
  await commands.execute(
    new SetAutopay(
      tenantUserId,
      { savedBankAccountId: saved.id, daysBeforeDue: DEFAULT_AUTOPAY_DAYS_BEFORE_DUE, amount: { kind: 'balance' }, mandate: { accepted: true, version: AUTOPAY_MANDATE_VERSION } },
      '127.0.0.1',
      'Rentwise demo data',
    ),
  );
  return true;
}

if (process.argv.includes('--print-sign-ins')) printSignIns();
else runCli(seed);
