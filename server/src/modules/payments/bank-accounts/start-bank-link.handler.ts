import { ConflictException } from '@nestjs/common';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { GetTenancy } from '../../tenants/contracts/get-tenancy.query';
import { PaymentGateway } from '../gateways/payment-gateway.port';
import { StripeBankDebitWay } from '../pay-rent/ways/stripe-bank-debit/stripe-bank-debit.way';
import { BankCustomers } from './bank-customers';
import { StartBankLink } from './start-bank-link.command';

/**
 * One customer per tenant and landlord account, made under a key derived from both, so a doubled
 * request makes one; then a SetupIntent for it. The sandbox links on its own page, so it is refused here.
 */
@CommandHandler(StartBankLink)
export class StartBankLinkHandler implements ICommandHandler<StartBankLink> {
  constructor(
    private readonly gateway: PaymentGateway,
    private readonly queries: QueryBus,
    private readonly bankWay: StripeBankDebitWay,
    private readonly customers: BankCustomers,
  ) {}

  async execute({ tenantUserId }: StartBankLink): Promise<{ clientSecret: string }> {
    if (this.gateway.name === 'sandbox') throw new ConflictException(MESSAGES.bankLinkInSandbox);
    const tenancy = await this.queries.execute(new GetTenancy(tenantUserId));
    if (!tenancy) throw new ConflictException(MESSAGES.noTenancyToPay);
    const payee = await this.bankWay.payee(tenancy.landlordUserId);
    if (!payee) throw new ConflictException(MESSAGES.bankDebitsNotOffered);
    const customer = await this.customers.toSetUp(tenantUserId, payee.accountId);
    const session = await this.gateway.createBankLinkSession(customer);
    if (!customer.customerId) await this.customers.keep(tenantUserId, payee.accountId, session.customerId);
    return { clientSecret: session.clientSecret };
  }
}
