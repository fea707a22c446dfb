import { Injectable, OnModuleInit } from '@nestjs/common';
import {
  ProviderEventHandler,
  ProviderEventHandlers,
  ProviderEventOutcome,
} from '../../../infrastructure/inbox/provider-event-handlers';
import type { ProviderEventOf } from '../../../infrastructure/payment-gateway/provider-events';
import { ChargeCorrections } from './charge-corrections';

/** A refund was made, changed or failed: the charge is re-read and each of its refunds posted once (the payment first, if its own events are late). */
@Injectable()
export class ChargeRefundedHandler implements ProviderEventHandler<'ChargeRefunded'>, OnModuleInit {
  constructor(
    private readonly handlers: ProviderEventHandlers,
    private readonly corrections: ChargeCorrections,
  ) {}

  onModuleInit(): void {
    this.handlers.register('ChargeRefunded', this);
  }

  handle(event: ProviderEventOf<'ChargeRefunded'>): Promise<ProviderEventOutcome> {
    return this.corrections.syncCharge(event.accountId, event.chargeId);
  }
}
