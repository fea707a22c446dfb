import { Injectable } from '@nestjs/common';
import {
  HandlesProviderEvent,
  ProviderEventHandler,
  ProviderEventOutcome,
} from '../../../infrastructure/inbox/provider-event-handlers';
import type { ProviderEventOf } from '../../../infrastructure/inbox/provider-events';
import { ChargeCorrections } from './charge-corrections';

/** A refund was made, changed or failed: the charge is re-read and each of its refunds posted once (the payment first, if its own events are late). */
@Injectable()
@HandlesProviderEvent('ChargeRefunded')
export class ChargeRefundedHandler implements ProviderEventHandler<'ChargeRefunded'> {
  constructor(private readonly corrections: ChargeCorrections) {}

  handle(event: ProviderEventOf<'ChargeRefunded'>): Promise<ProviderEventOutcome> {
    return this.corrections.syncCharge(event.accountId, event.chargeId);
  }
}
