import { Query } from '@nestjs/cqrs';
import type { SavedCardView } from './save-card.command';

/** The cards the tenant saved on their landlord's account (none when the landlord cannot take card payments), newest first. */
export class ListSavedCards extends Query<SavedCardView[]> {
  constructor(readonly tenantUserId: string) {
    super();
  }
}
