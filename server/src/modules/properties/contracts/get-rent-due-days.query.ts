import { Query } from '@nestjs/cqrs';

/** The day of the month each property's rent falls due (1st to 10th), by property id; unknown properties are absent. */
export class GetRentDueDays extends Query<Map<string, number>> {
  constructor(readonly propertyIds: readonly string[]) {
    super();
  }
}
