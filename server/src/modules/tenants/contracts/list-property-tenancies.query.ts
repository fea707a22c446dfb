import { Query } from '@nestjs/cqrs';

export interface TenancyPeriod {
  tenantUserId: string;
  /** ISO time the tenant moved in (was added). */
  startedAt: string;
  /** ISO time the tenancy ended, or null while it runs. */
  endedAt: string | null;
}

/** Everyone who has lived in a property, earliest first (statements: rent is due while someone lives there). */
export class ListPropertyTenancies extends Query<TenancyPeriod[]> {
  constructor(readonly propertyId: string) {
    super();
  }
}
