import { Query } from '@nestjs/cqrs';
import type { UserView } from './user-view';

/**
 * Several users at once (a receipt's payer and payee, a property's tenants): one statement instead
 * of a GetUser each. Keyed by user id; an unknown id is simply absent.
 */
export class GetUsers extends Query<ReadonlyMap<string, UserView>> {
  constructor(readonly userIds: readonly string[]) {
    super();
  }
}
