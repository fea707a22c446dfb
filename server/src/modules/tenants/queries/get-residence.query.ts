import { Query } from '@nestjs/cqrs';
import type { Cents } from '@rentwise/libs/money';

/** What a tenant sees of their home: the address, the rent and how to reach the landlord. */
export interface ResidenceView {
  propertyId: string;
  propertyAddress: string;
  rentCents: Cents;
  landlord: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    /** Null when the landlord has no photo: the client shows the default image. */
    photoUrl: string | null;
  };
}

/** The signed-in tenant's home, or null when they have none (yet). */
export class GetResidence extends Query<ResidenceView | null> {
  constructor(readonly tenantUserId: string) {
    super();
  }
}
