import { Command } from '@nestjs/cqrs';

/** A landlord chooses the time zone their billing months are read in (decision 0016). */
export class ChangeStatementTimeZone extends Command<void> {
  constructor(
    readonly landlordUserId: string,
    readonly timeZone: string,
  ) {
    super();
  }
}
