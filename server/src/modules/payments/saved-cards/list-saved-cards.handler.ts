import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ListSavedCards } from './list-saved-cards.query';
import type { SavedCardView } from './save-card.command';
import { SavedCards } from './saved-cards';
import { TenantCardContexts } from './tenant-card-contexts';

@QueryHandler(ListSavedCards)
export class ListSavedCardsHandler implements IQueryHandler<ListSavedCards> {
  constructor(
    private readonly contexts: TenantCardContexts,
    private readonly cards: SavedCards,
  ) {}

  async execute({ tenantUserId }: ListSavedCards): Promise<SavedCardView[]> {
    const payee = (await this.contexts.of(tenantUserId))?.payee;
    if (!payee) return [];
    return (await this.cards.savedBy(tenantUserId, payee.accountId)).map(({ id, brand, last4, expMonth, expYear }) => ({ id, brand, last4, expMonth, expYear }));
  }
}
