import { Command } from '@nestjs/cqrs';

/** The tenant skips one month's automatic payment, or takes the skip back, before it has started. */
export class SkipAutopayMonth extends Command<void> {
  constructor(
    readonly tenantUserId: string,
    /** '2027-01' */
    readonly period: string,
    readonly skip: boolean,
  ) {
    super();
  }
}
