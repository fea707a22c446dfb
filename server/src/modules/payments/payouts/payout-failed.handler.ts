import { Injectable } from '@nestjs/common';
import {
  HandlesProviderEvent,
  ProviderEventHandler,
  ProviderEventOutcome,
} from '../../../infrastructure/inbox/provider-event-handlers';
import type { ProviderEventOf } from '../../../infrastructure/inbox/provider-events';
import { PayoutRecorder } from './payout-recorder';

/** A payout failed or was canceled: its status is recorded (the provider returns the money to the balance). */
@Injectable()
@HandlesProviderEvent('PayoutFailed')
export class PayoutFailedHandler implements ProviderEventHandler<'PayoutFailed'> {
  constructor(private readonly payouts: PayoutRecorder) {}

  handle(event: ProviderEventOf<'PayoutFailed'>): Promise<ProviderEventOutcome> {
    return this.payouts.sync(event.accountId, event.payoutId);
  }
}
