import { ConflictException } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { BankCustomers } from '../bank-accounts/bank-customers';
import { PaymentGateway } from '../gateways/payment-gateway.port';
import { cardNotSaved, cardSetupFailure } from './card-setup-failure';
import { SaveCard, type SavedCardView } from './save-card.command';
import { SavedCards } from './saved-cards';
import { TenantCardContexts } from './tenant-card-contexts';

@CommandHandler(SaveCard)
export class SaveCardHandler implements ICommandHandler<SaveCard> {
  constructor(
    private readonly gateway: PaymentGateway,
    private readonly contexts: TenantCardContexts,
    private readonly customers: BankCustomers,
    private readonly cards: SavedCards,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async execute({ tenantUserId, setup }: SaveCard): Promise<SavedCardView> {
    const context = await this.contexts.of(tenantUserId);
    if (!context) throw new ConflictException(MESSAGES.noTenancyToPay);
    const { payee } = context;
    if (!payee) throw new ConflictException(MESSAGES.savedCardsNotOffered);
    // The customer the setup was started for: without one, no setup of this tenant's can have succeeded here.
    const customerId = await this.customers.of(tenantUserId, payee.accountId);
    if (!customerId) throw cardNotSaved();
    const provided = await this.gateway.finishCardSetup(payee.accountId, customerId, setup).catch(cardSetupFailure);
    // Someone else's setup or card, or one not saved for payments without the tenant, is refused alike.
    if (!provided.offSessionReady || provided.customerId !== customerId) throw cardNotSaved();
    const card = await this.unitOfWork.run(() =>
      this.cards.keep({
        tenantUserId,
        provider: payee.provider,
        connectedAccountId: payee.accountId,
        customerId,
        paymentMethodId: provided.paymentMethodId,
        brand: provided.brand,
        last4: provided.last4,
        expMonth: provided.expMonth,
        expYear: provided.expYear,
      }),
    );
    if (card.tenantUserId !== tenantUserId) throw cardNotSaved();
    const { id, brand, last4, expMonth, expYear } = card;
    return { id, brand, last4, expMonth, expYear };
  }
}
