import { Command } from '@nestjs/cqrs';

/**
 * Archives a property the landlord manages: it leaves their lists, its history stays readable.
 * 404 unless the landlord manages it; 409 while tenants still live there.
 */
export class RemoveProperty extends Command<void> {
  constructor(
    readonly landlordUserId: string,
    readonly propertyId: string,
  ) {
    super();
  }
}
