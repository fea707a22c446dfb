import { Query } from '@nestjs/cqrs';

/** How many tenants live in each property now; every asked id is a key (0 when none). */
export class CountCurrentTenants extends Query<Record<string, number>> {
  constructor(readonly propertyIds: readonly string[]) {
    super();
  }
}
