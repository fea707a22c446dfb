import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RecordRentPaymentHandler } from './commands/record-rent-payment.handler';
import { LedgerEntry } from './ledger/ledger-entry.entity';
import { LedgerTransaction } from './ledger/ledger-transaction.entity';
import { StripeWebhookController } from './webhooks/stripe-webhook.controller';
import { WebhookProcessor } from './webhooks/webhook.processor';

export interface PaymentsModuleOptions {
  /** Consume the `webhooks` queue in this process. */
  runWorker: boolean;
}

/** The payment ledger (append-only, balanced) and the intake of the payment provider's events. */
@Module({})
export class PaymentsModule {
  static register(options: PaymentsModuleOptions): DynamicModule {
    return {
      module: PaymentsModule,
      imports: [CqrsModule, TypeOrmModule.forFeature([LedgerTransaction, LedgerEntry])],
      controllers: [StripeWebhookController],
      providers: [RecordRentPaymentHandler, ...(options.runWorker ? [WebhookProcessor] : [])],
    };
  }
}
