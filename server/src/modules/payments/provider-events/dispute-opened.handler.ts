import { Injectable, OnModuleInit } from '@nestjs/common';
import {
  ProviderEventHandler,
  ProviderEventHandlers,
  ProviderEventOutcome,
} from '../../../infrastructure/inbox/provider-event-handlers';
import type { ProviderEventOf } from '../../../infrastructure/payment-gateway/provider-events';
import { ChargeCorrections } from './charge-corrections';

/** A card holder disputed a payment: the dispute is re-read and the funds it withdrew (and the provider's fee) are held from the landlord. */
@Injectable()
export class DisputeOpenedHandler implements ProviderEventHandler<'DisputeOpened'>, OnModuleInit {
  constructor(
    private readonly handlers: ProviderEventHandlers,
    private readonly corrections: ChargeCorrections,
  ) {}

  onModuleInit(): void {
    this.handlers.register('DisputeOpened', this);
  }

  handle(event: ProviderEventOf<'DisputeOpened'>): Promise<ProviderEventOutcome> {
    return this.corrections.syncDispute(event.accountId, event.disputeId);
  }
}
