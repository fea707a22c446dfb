import { Injectable } from '@nestjs/common';
import {
  HandlesProviderEvent,
  ProviderEventHandler,
  ProviderEventOutcome,
} from '../../../infrastructure/inbox/provider-event-handlers';
import type { ProviderEventOf } from '../../../infrastructure/inbox/provider-events';
import { ChargeCorrections } from './charge-corrections';

/** A dispute was decided: reinstated funds go back to the landlord, a lost dispute's held funds to the card holder. */
@Injectable()
@HandlesProviderEvent('DisputeClosed')
export class DisputeClosedHandler implements ProviderEventHandler<'DisputeClosed'> {
  constructor(private readonly corrections: ChargeCorrections) {}

  handle(event: ProviderEventOf<'DisputeClosed'>): Promise<ProviderEventOutcome> {
    return this.corrections.syncDispute(event.accountId, event.disputeId);
  }
}
