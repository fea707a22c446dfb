import { ConflictException } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { BankCustomers } from '../bank-accounts/bank-customers';
import { PaymentGateway } from '../gateways/payment-gateway.port';
import { cardSetupFailure } from './card-setup-failure';
import { type CardSetupView, StartCardSetup } from './start-card-setup.command';
import { TenantCardContexts } from './tenant-card-contexts';

/** The tenant's customer on the landlord's account (the one bank links use, made once), then the provider's setup for it. */
@CommandHandler(StartCardSetup)
export class StartCardSetupHandler implements ICommandHandler<StartCardSetup> {
  constructor(
    private readonly gateway: PaymentGateway,
    private readonly contexts: TenantCardContexts,
    private readonly customers: BankCustomers,
  ) {}

  async execute({ tenantUserId }: StartCardSetup): Promise<CardSetupView> {
    const context = await this.contexts.of(tenantUserId);
    if (!context) throw new ConflictException(MESSAGES.noTenancyToPay);
    const { payee } = context;
    if (!payee) throw new ConflictException(MESSAGES.savedCardsNotOffered);
    const customer = await this.customers.toSetUp(tenantUserId, payee.accountId);
    const setup = await this.gateway.createCardSetup(customer).catch(cardSetupFailure);
    if (!customer.customerId) await this.customers.keep(tenantUserId, payee.accountId, setup.customerId);
    if (!setup.clientSecret || !setup.setupIntentId) return { provider: 'sandbox' };
    return {
      provider: 'stripe',
      clientSecret: setup.clientSecret,
      setupIntentId: setup.setupIntentId,
      publishableKey: this.gateway.publishableKey,
      connectedAccountId: payee.accountId,
    };
  }
}
