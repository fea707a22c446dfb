import { Query } from '@nestjs/cqrs';
import type { LateFeePolicy } from '@rentwise/libs/late-fees';

/** A property's rent terms as other modules read them (decisions 0039 and 0040). */
export interface PropertyRentTerms {
  /** The day of the month rent falls due, 1st to 10th. */
  dueDay: number;
  /** Off while it has no amount (lateFeesAreOn). */
  lateFees: LateFeePolicy;
  /** When late fees were last turned on (null while off): a month late before then is never charged a fee. */
  lateFeesSince: Date | null;
}

/** Each property's rent terms, by property id; unknown properties are absent. */
export class GetRentTerms extends Query<Map<string, PropertyRentTerms>> {
  constructor(readonly propertyIds: readonly string[]) {
    super();
  }
}
