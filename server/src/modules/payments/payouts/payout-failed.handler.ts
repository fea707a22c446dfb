import { Injectable, OnModuleInit } from '@nestjs/common';
import {
  ProviderEventHandler,
  ProviderEventHandlers,
  ProviderEventOutcome,
} from '../../../infrastructure/inbox/provider-event-handlers';
import type { ProviderEventOf } from '../../../infrastructure/payment-gateway/provider-events';
import { PayoutRecorder } from './payout-recorder';

/** A payout failed or was canceled: its status is recorded (the provider returns the money to the balance). */
@Injectable()
export class PayoutFailedHandler implements ProviderEventHandler<'PayoutFailed'>, OnModuleInit {
  constructor(
    private readonly handlers: ProviderEventHandlers,
    private readonly payouts: PayoutRecorder,
  ) {}

  onModuleInit(): void {
    this.handlers.register('PayoutFailed', this);
  }

  handle(event: ProviderEventOf<'PayoutFailed'>): Promise<ProviderEventOutcome> {
    return this.payouts.sync(event.accountId, event.payoutId);
  }
}
