import { Command } from '@nestjs/cqrs';

/** The tenant turns autopay off; false when it was not on. A payment already started goes on. */
export class TurnOffAutopay extends Command<boolean> {
  constructor(readonly tenantUserId: string) {
    super();
  }
}
