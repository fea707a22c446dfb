import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PayRentHandler } from './commands/pay-rent.handler';
import { RecordRentPaymentHandler } from './commands/record-rent-payment.handler';
import { CardPayment } from './card-payments/card-payment.entity';
import { ReceiptMailer } from './emails/receipt-mailer';
import { LandlordPaymentsController } from './http/landlord-payments.controller';
import { TenantPaymentsController } from './http/tenant-payments.controller';
import { GetPaymentSetupHandler } from './queries/get-payment-setup.handler';
import { GetReceiptHandler } from './queries/get-receipt.handler';
import { ListTenantPaymentsHandler } from './queries/list-tenant-payments.handler';
import { GetLedgerBacklogHandler, ReadLedgerFeedHandler } from './queries/read-ledger-feed.handler';
import { ReceiptReader } from './receipts/receipt-reader';
import { LedgerEntry } from './ledger/ledger-entry.entity';
import { LedgerTransaction } from './ledger/ledger-transaction.entity';
import { StripeWebhookController } from './webhooks/stripe-webhook.controller';
import { WebhookProcessor } from './webhooks/webhook.processor';

export interface PaymentsModuleOptions {
  /** Consume the `webhooks` queue in this process. */
  runWorker: boolean;
}

/**
 * Tenants pay rent by card (a direct charge on the landlord's account), the payment ledger
 * (append-only, balanced), receipts, and the intake of the payment provider's events.
 */
@Module({})
export class PaymentsModule {
  static register(options: PaymentsModuleOptions): DynamicModule {
    return {
      module: PaymentsModule,
      imports: [CqrsModule, TypeOrmModule.forFeature([LedgerTransaction, LedgerEntry, CardPayment])],
      controllers: [StripeWebhookController, TenantPaymentsController, LandlordPaymentsController],
      providers: [
        RecordRentPaymentHandler,
        PayRentHandler,
        GetPaymentSetupHandler,
        ListTenantPaymentsHandler,
        GetReceiptHandler,
        ReadLedgerFeedHandler,
        GetLedgerBacklogHandler,
        ReceiptReader,
        ReceiptMailer,
        ...(options.runWorker ? [WebhookProcessor] : []),
      ],
    };
  }
}
