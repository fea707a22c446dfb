import { Query } from '@nestjs/cqrs';

/**
 * How many tenants live in each property now; every asked id is a key (0 when none).
 * Properties asks it (its listings, and removal refuses an occupied property); the tenants module,
 * which knows who lives where, answers it. It is declared here so the modules depend one way only:
 * tenants on properties, never back.
 */
export class CountCurrentTenants extends Query<Record<string, number>> {
  constructor(readonly propertyIds: readonly string[]) {
    super();
  }
}
