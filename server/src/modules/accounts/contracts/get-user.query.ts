import { Query } from '@nestjs/cqrs';
import type { UserView } from './user-view';

/** Another module asking who a user id is (a tenant's landlord, a payment's payer). Null when unknown. */
export class GetUser extends Query<UserView | null> {
  constructor(readonly userId: string) {
    super();
  }
}
