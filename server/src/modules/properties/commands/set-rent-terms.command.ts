import { Command } from '@nestjs/cqrs';
import type { RentTermsInput } from '@rentwise/libs/schemas/rent-terms.schema';

/** A landlord sets a property's due day and late fee rule. 404 unless the landlord manages the property. */
export class SetRentTerms extends Command<void> {
  constructor(
    readonly landlordUserId: string,
    readonly propertyId: string,
    readonly terms: RentTermsInput,
  ) {
    super();
  }
}
