import { Injectable, OnModuleInit } from '@nestjs/common';
import {
  ProviderEventHandler,
  ProviderEventHandlers,
  ProviderEventOutcome,
} from '../../../infrastructure/inbox/provider-event-handlers';
import type { ProviderEventOf } from '../../../infrastructure/payment-gateway/provider-events';
import { PayoutRecorder } from './payout-recorder';

/** A payout to the landlord's bank was paid: it is recorded with the balance lines it pays out. */
@Injectable()
export class PayoutPaidHandler implements ProviderEventHandler<'PayoutPaid'>, OnModuleInit {
  constructor(
    private readonly handlers: ProviderEventHandlers,
    private readonly payouts: PayoutRecorder,
  ) {}

  onModuleInit(): void {
    this.handlers.register('PayoutPaid', this);
  }

  handle(event: ProviderEventOf<'PayoutPaid'>): Promise<ProviderEventOutcome> {
    return this.payouts.sync(event.accountId, event.payoutId);
  }
}
