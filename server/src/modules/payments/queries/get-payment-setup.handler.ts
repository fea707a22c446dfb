import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { tenantProcessingFeeCentsAt } from '@rentwise/libs/fees';
import { MESSAGES } from '@rentwise/libs/messages';
import { tenantBalanceCents } from '@rentwise/libs/tenant-balance';
import { Clock } from '../../../infrastructure/clock/clock';
import { PaymentGateway } from '../gateways/payment-gateway.port';
import { GetPayoutAccount } from '../../onboarding/contracts/get-payout-account.query';
import { GetTenancy } from '../../tenants/contracts/get-tenancy.query';
import { AuthorizeNetAccounts } from '../authorize-net-accounts/authorize-net-accounts';
import { CardGateways } from '../card-gateways/card-gateways';
import { PayoutAccountReadiness } from '../card-payments/payout-account-readiness';
import { BankAccounts } from '../bank-accounts/bank-accounts';
import { bankLinkWith } from '../bank-accounts/bank-link-setup';
import { TenantLedgerReader } from '../charges/tenant-ledger-reader';
import { BankDebitSetupView, GetPaymentSetup, PaymentSetupView } from './get-payment-setup.query';
import { BANK_DEBIT_MANDATE_VERSION } from '@rentwise/libs/bank-debits';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { GetUsers } from '../../accounts/contracts/get-users.query';
import type { TenancyView } from '../../tenants/contracts/tenancy-view';

@QueryHandler(GetPaymentSetup)
export class GetPaymentSetupHandler implements IQueryHandler<GetPaymentSetup> {
  constructor(
    private readonly queries: QueryBus,
    private readonly gateway: PaymentGateway,
    private readonly clock: Clock,
    private readonly gateways: CardGateways,
    private readonly authorizeNet: AuthorizeNetAccounts,
    private readonly readiness: PayoutAccountReadiness,
    private readonly bankAccounts: BankAccounts,
    private readonly config: AppConfig,
    private readonly ledger: TenantLedgerReader,
  ) {}

  /** What paying from a bank account needs, when the landlord's account takes bank debits. */
  private async bankDebitSetup(tenancy: TenancyView, accountId: string): Promise<BankDebitSetupView> {
    const [users, saved] = await Promise.all([
      this.queries.execute(new GetUsers([tenancy.tenantUserId, tenancy.landlordUserId])),
      this.bankAccounts.savedBy(tenancy.tenantUserId, accountId),
    ]);
    const nameOf = (userId: string): string => {
      const user = users.get(userId);
      return user ? `${user.firstName} ${user.lastName}` : '';
    };
    return {
      feeCents: this.config.env.BANK_DEBIT_FEE_CENTS,
      linkWith: bankLinkWith(this.gateway),
      mandateVersion: BANK_DEBIT_MANDATE_VERSION,
      mandateParties: { tenantName: nameOf(tenancy.tenantUserId), landlordName: nameOf(tenancy.landlordUserId), propertyAddress: tenancy.propertyAddress },
      savedAccounts: saved.map(({ id, bankName, last4 }) => ({ id, bankName, last4 })),
    };
  }

  async execute({ tenantUserId, signedInAt }: GetPaymentSetup): Promise<PaymentSetupView> {
    const base = {
      processingFeeCents: tenantProcessingFeeCentsAt(this.clock.now()),
      gateway: this.gateway.name,
      publishableKey: this.gateway.publishableKey,
      signedInAt: signedInAt.toISOString(),
    };
    const tenancy = await this.queries.execute(new GetTenancy(tenantUserId));
    if (!tenancy) {
      return {
        ...base,
        cardGateway: 'stripe',
        authorizeNetSetup: null,
        rentCents: 0,
        balanceCents: 0,
        connectedAccountId: null,
        bankDebit: null,
        canPay: false,
        cannotPayReason: MESSAGES.noTenancyToPay,
      };
    }
    const [cardGateway, journals] = await Promise.all([this.gateways.of(tenancy.landlordUserId), this.ledger.journals(tenantUserId, tenancy.propertyId)]);
    const balanceCents = tenantBalanceCents(journals);
    if (cardGateway === 'authorize_net') {
      // The landlord's own merchant account takes the charge (decision 0046).
      const authorizeNetSetup = (await this.authorizeNet.gatewayOf(tenancy.landlordUserId))?.clientSetup ?? null;
      return {
        ...base,
        cardGateway: 'authorize_net',
        authorizeNetSetup,
        rentCents: tenancy.rentCents,
        balanceCents,
        connectedAccountId: null,
        bankDebit: null,
        canPay: authorizeNetSetup !== null,
        cannotPayReason: authorizeNetSetup ? null : MESSAGES.landlordCannotBePaid,
      };
    }
    const payout = await this.queries.execute(new GetPayoutAccount(tenancy.landlordUserId));
    const canPay = await this.readiness.canTakeCharges(payout);
    return {
      ...base,
      cardGateway: 'stripe',
      authorizeNetSetup: null,
      rentCents: tenancy.rentCents,
      balanceCents,
      connectedAccountId: canPay ? payout!.accountId : null,
      bankDebit: canPay && (await this.readiness.canTakeBankDebits(payout!)) ? await this.bankDebitSetup(tenancy, payout!.accountId) : null,
      canPay,
      cannotPayReason: canPay ? null : MESSAGES.landlordCannotBePaid,
    };
  }
}
