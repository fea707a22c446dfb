import { Injectable } from '@nestjs/common';
import {
  HandlesProviderEvent,
  ProviderEventHandler,
  ProviderEventOutcome,
} from '../../../infrastructure/inbox/provider-event-handlers';
import type { ProviderEventOf } from '../../../infrastructure/inbox/provider-events';
import { PayoutRecorder } from './payout-recorder';

/** A payout to the landlord's bank was paid: it is recorded with the balance lines it pays out. */
@Injectable()
@HandlesProviderEvent('PayoutPaid')
export class PayoutPaidHandler implements ProviderEventHandler<'PayoutPaid'> {
  constructor(private readonly payouts: PayoutRecorder) {}

  handle(event: ProviderEventOf<'PayoutPaid'>): Promise<ProviderEventOutcome> {
    return this.payouts.sync(event.accountId, event.payoutId);
  }
}
