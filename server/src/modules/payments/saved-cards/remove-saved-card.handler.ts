import { ConflictException } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { AutopayPlans } from '../autopay/autopay-plans';
import { RemoveSavedCard } from './remove-saved-card.command';
import { SavedCards } from './saved-cards';

/**
 * Autopay turned on with a card is a promise to pay with it: removing that card is refused with what
 * to do first, rather than autopay silently turned off or left failing (decision 0042).
 */
@CommandHandler(RemoveSavedCard)
export class RemoveSavedCardHandler implements ICommandHandler<RemoveSavedCard> {
  constructor(
    private readonly cards: SavedCards,
    private readonly plans: AutopayPlans,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  execute({ tenantUserId, savedCardId }: RemoveSavedCard): Promise<boolean> {
    return this.unitOfWork.run(async () => {
      const card = await this.cards.lockOfTenant(tenantUserId, savedCardId);
      if (!card || card.removed) return false;
      if (await this.plans.paysWithCard(savedCardId)) throw new ConflictException(MESSAGES.savedCardUsedByAutopay);
      await this.cards.markRemoved(savedCardId);
      return true;
    });
  }
}
