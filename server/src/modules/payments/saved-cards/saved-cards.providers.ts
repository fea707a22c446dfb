import type { Provider } from '@nestjs/common';
import { CardAuthorizations } from './card-authorizations';
import { ListSavedCardsHandler } from './list-saved-cards.handler';
import { RemoveSavedCardHandler } from './remove-saved-card.handler';
import { SaveCardHandler } from './save-card.handler';
import { SavedCards } from './saved-cards';
import { StartCardSetupHandler } from './start-card-setup.handler';
import { TenantCardContexts } from './tenant-card-contexts';

/** Cards saved for autopay (decision 0042): saved through the provider, charged without the tenant by the stripe_card way. */
export const savedCardProviders: Provider[] = [
  SavedCards,
  CardAuthorizations,
  TenantCardContexts,
  StartCardSetupHandler,
  SaveCardHandler,
  RemoveSavedCardHandler,
  ListSavedCardsHandler,
];
