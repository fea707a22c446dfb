import { Injectable, OnModuleInit } from '@nestjs/common';
import {
  ProviderEventHandler,
  ProviderEventHandlers,
  ProviderEventOutcome,
} from '../../../infrastructure/inbox/provider-event-handlers';
import type { ProviderEventOf } from '../../../infrastructure/payment-gateway/provider-events';
import { ChargeCorrections } from './charge-corrections';

/** A dispute was decided: reinstated funds go back to the landlord, a lost dispute's held funds to the card holder. */
@Injectable()
export class DisputeClosedHandler implements ProviderEventHandler<'DisputeClosed'>, OnModuleInit {
  constructor(
    private readonly handlers: ProviderEventHandlers,
    private readonly corrections: ChargeCorrections,
  ) {}

  onModuleInit(): void {
    this.handlers.register('DisputeClosed', this);
  }

  handle(event: ProviderEventOf<'DisputeClosed'>): Promise<ProviderEventOutcome> {
    return this.corrections.syncDispute(event.accountId, event.disputeId);
  }
}
