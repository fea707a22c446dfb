import { Injectable } from '@nestjs/common';
import {
  HandlesProviderEvent,
  ProviderEventHandler,
  ProviderEventOutcome,
} from '../../../infrastructure/inbox/provider-event-handlers';
import type { ProviderEventOf } from '../../../infrastructure/inbox/provider-events';
import { ChargeCorrections } from './charge-corrections';

/** A card holder disputed a payment: the dispute is re-read and the funds it withdrew (and the provider's fee) are held from the landlord. */
@Injectable()
@HandlesProviderEvent('DisputeOpened')
export class DisputeOpenedHandler implements ProviderEventHandler<'DisputeOpened'> {
  constructor(private readonly corrections: ChargeCorrections) {}

  handle(event: ProviderEventOf<'DisputeOpened'>): Promise<ProviderEventOutcome> {
    return this.corrections.syncDispute(event.accountId, event.disputeId);
  }
}
