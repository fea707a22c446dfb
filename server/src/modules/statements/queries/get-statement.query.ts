import { Query } from '@nestjs/cqrs';
import type { Statement } from '@rentwise/libs/statement-views';

/** A monthly (month set) or yearly statement, for one property or all of the landlord's; null: not theirs. */
export class GetStatement extends Query<Statement | null> {
  constructor(
    readonly landlordUserId: string,
    readonly year: number,
    readonly month: number | null,
    readonly propertyId: string | null,
  ) {
    super();
  }
}
