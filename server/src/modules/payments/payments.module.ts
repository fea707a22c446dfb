import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../../infrastructure/config/app-config';
import { PayRentAutomaticallyHandler, PayRentHandler } from './pay-rent/pay-rent.handler';
import { paymentWayProviders } from './pay-rent/payment-ways';
import { CardAttempts } from './card-payments/card-attempts';
import { SetLandlordCardGatewayHandler } from './commands/set-landlord-card-gateway.handler';
import { CardGateways } from './card-gateways/card-gateways';
import { PayoutAccountReadiness } from './card-payments/payout-account-readiness';
import { CardAttemptGuard } from './card-payments/card-attempt-guard';
import { CardGatewayChange, LandlordCardGateway } from './card-gateways/landlord-card-gateway.entity';
import { OperatorCardGatewayController } from './http/operator-card-gateway.controller';
import { OperatorDeclinedCardsController } from './http/operator-declined-cards.controller';
import { ListDeclinedCardsHandler } from './queries/list-declined-cards.handler';
import { AuthorizeNetTransactionChangedHandler } from './provider-events/authorize-net-transaction-changed.handler';
import { GetLandlordCardGatewayHandler } from './queries/get-landlord-card-gateway.handler';
import { AuthorizeNetWebhookController } from './webhooks/authorize-net-webhook.controller';
import { RecordRentPaymentHandler } from './commands/record-rent-payment.handler';
import { RentPaymentJournal } from './ledger/rent-payment-journal';
import { CardPayment } from './card-payments/card-payment.entity';
import { ChargeSettlement } from './card-payments/charge-settlement';
import { DisputedAfterRefundEmailProcessor } from './emails/disputed-after-refund-email.processor';
import { DisputedAfterRefundMailer } from './emails/disputed-after-refund-mailer';
import { ReceiptEmailProcessor } from './emails/receipt-email.processor';
import { ReceiptMailer } from './emails/receipt-mailer';
import { RECEIPT_EMAILS_QUEUE } from './emails/send-receipt-email.job';
import { DISPUTED_AFTER_REFUND_EMAILS_QUEUE } from './emails/send-disputed-after-refund-email.job';
import { LandlordPaymentsController } from './http/landlord-payments.controller';
import { LandlordPayoutsController } from './http/landlord-payouts.controller';
import { TenantPaymentsController } from './http/tenant-payments.controller';
import { GetPaymentSetupHandler } from './queries/get-payment-setup.handler';
import { GetBankDebitFailuresHandler } from './queries/get-bank-debit-failures.handler';
import { GetReceiptHandler } from './queries/get-receipt.handler';
import { ListTenantPaymentsHandler } from './queries/list-tenant-payments.handler';
import { GetLedgerBacklogHandler, ReadLedgerFeedHandler, ReadWholeLedgerFeedHandler } from './queries/read-ledger-feed.handler';
import { ReceiptReader } from './receipts/receipt-reader';
import { ListDisputedAfterRefundHandler } from './refund-disputes/list-disputed-after-refund.handler';
import { PaymentCorrectionsReader } from './refund-disputes/payment-corrections-reader';
import { JournalPoster } from './ledger/journal-poster';
import { LedgerEntry } from './ledger/ledger-entry.entity';
import { LedgerTransaction } from './ledger/ledger-transaction.entity';
import { GetPaymentSettlementsHandler } from './payouts/get-payment-settlements.handler';
import { ListLandlordPayoutsHandler } from './payouts/list-landlord-payouts.handler';
import { ReconciliationModule } from './reconciliation/reconciliation.module';
import { GetTenantBalanceHandler } from './queries/get-tenant-balance.handler';
import { GetTenancyLedgerHandler } from './queries/get-tenancy-ledger.handler';
import { GetTenantLedgerHandler } from './queries/get-tenant-ledger.handler';
import { LandlordTenancyLedgerController } from './http/landlord-tenancy-ledger.controller';
import { LandlordRecordedPaymentsController } from './http/landlord-recorded-payments.controller';
import { recordedPaymentProviders } from './recorded-payments/recorded-payments.providers';
import { TenantLedgerController } from './http/tenant-ledger.controller';
import { ChargesModule } from './charges/charges.module';
import { LinkedBankAccounts } from './bank-accounts/linked-bank-accounts';
import { TenantBankDebitContexts } from './bank-accounts/tenant-bank-debit-contexts';
import { SaveBankAccountHandler } from './bank-accounts/save-bank-account.handler';
import { autopayProviders } from './autopay/autopay.providers';
import { AUTOPAY_QUEUE } from './autopay/run-autopay.job';
import { AUTOPAY_EMAILS_QUEUE } from './autopay/send-autopay-email.job';
import { LandlordAutopayController, TenantAutopayController } from './http/autopay.controller';
import { TenantCardsController } from './http/tenant-cards.controller';
import { savedCardProviders } from './saved-cards/saved-cards.providers';
import { RemindersModule } from './reminders/reminders.module';
import { PayoutRecorder } from './payouts/payout-recorder';
import { ChargeCorrections } from './provider-events/charge-corrections';
import { ChargeFailedHandler } from './provider-events/charge-failed.handler';
import { ChargeSucceededHandler } from './provider-events/charge-succeeded.handler';
import { StripeWebhookController } from './webhooks/stripe-webhook.controller';
import { AuthorizeNetGatewayModule } from './gateways/authorize-net/authorize-net-gateway.module';
import { PaymentGatewayModule } from './gateways/payment-gateway.module';
import { GatewayEventTranslation } from './gateways/gateway-event-translation';
import { BankAccounts } from './bank-accounts/bank-accounts';
import { MandateChangedHandler } from './provider-events/mandate-changed.handler';
import { BankAccountVerifiedHandler } from './provider-events/bank-account-verified.handler';
import { Mandates } from './bank-accounts/mandates';
import { RemoveSavedBankAccountHandler } from './bank-accounts/remove-saved-bank-account.handler';
import { BankCustomers } from './bank-accounts/bank-customers';
import { StartBankLinkHandler } from './bank-accounts/start-bank-link.handler';
import { BankDebitSettlement } from './bank-debits/bank-debit-settlement';
import { BankDebitFailedMailer } from './emails/bank-debit-failed-mailer';
import { BankDebitFailedEmailProcessor } from './emails/bank-debit-failed-email.processor';
import { BANK_DEBIT_FAILED_EMAILS_QUEUE } from './emails/send-bank-debit-failed-email.job';
import { REFUND_EMAILS_QUEUE } from './emails/send-refund-email.job';
import { refundProviders } from './refunds/refunds.providers';
import { authorizeNetAccountProviders } from './authorize-net-accounts/authorize-net-accounts.providers';
import { authorizeNetBatchProviders } from './authorize-net-batches/authorize-net-batches.providers';
import { AUTHORIZE_NET_BATCHES_QUEUE } from './authorize-net-batches/record-authorize-net-batches.job';
import { LandlordAuthorizeNetAccountController, OperatorAuthorizeNetAccountController } from './http/authorize-net-account.controller';

export interface PaymentsModuleOptions {
  /** Run this module's queue workers in this process. */
  runWorker: boolean;
  /** Picks the card gateways' adapters (a provider's keys, or its development-only sandbox). */
  config: AppConfig;
}

/**
 * Tenants pay rent by card or from a bank account (direct charges on the landlord's account), the payment ledger
 * (append-only, balanced), receipts, and the intake of the payment provider's events.
 */
@Module({})
export class PaymentsModule {
  static register(options: PaymentsModuleOptions): DynamicModule {
    return {
      module: PaymentsModule,
      imports: [
        CqrsModule,
        // The gateways are this module's adapters, chosen here; they stay global because onboarding
        // (payout accounts), the inbox and the CLI reach them through the ports.
        PaymentGatewayModule.register(options.config, { runWorker: options.runWorker }),
        AuthorizeNetGatewayModule.register(options.config),
        TypeOrmModule.forFeature([LedgerTransaction, LedgerEntry, CardPayment, LandlordCardGateway, CardGatewayChange]),
        BullModule.registerQueue({ name: RECEIPT_EMAILS_QUEUE }, { name: DISPUTED_AFTER_REFUND_EMAILS_QUEUE }, { name: BANK_DEBIT_FAILED_EMAILS_QUEUE }, { name: AUTOPAY_QUEUE }, { name: AUTOPAY_EMAILS_QUEUE }, { name: REFUND_EMAILS_QUEUE }, { name: AUTHORIZE_NET_BATCHES_QUEUE }),
        ReconciliationModule.register(options),
        ChargesModule.register(options),
        RemindersModule.register(options),
      ],
      controllers: [
        StripeWebhookController,
        AuthorizeNetWebhookController,
        TenantPaymentsController,
        TenantLedgerController,
        LandlordPaymentsController,
        LandlordTenancyLedgerController,
        LandlordRecordedPaymentsController,
        LandlordPayoutsController,
        OperatorCardGatewayController,
        LandlordAuthorizeNetAccountController,
        OperatorAuthorizeNetAccountController,
        OperatorDeclinedCardsController,
        TenantAutopayController,
        TenantCardsController,
        LandlordAutopayController,
      ],
      providers: [
        RecordRentPaymentHandler,
        RentPaymentJournal,
        // One use case takes rent; each way of paying is an adapter under pay-rent/ways.
        PayRentHandler,
        PayRentAutomaticallyHandler,
        ...autopayProviders(options),
        ...savedCardProviders,
        ...paymentWayProviders,
        CardAttempts,
        // The second card gateway (Authorize.Net), chosen per landlord by an operator, on the landlord's own merchant account.
        CardGateways,
        ...authorizeNetAccountProviders,
        ...authorizeNetBatchProviders(options),
        GatewayEventTranslation,
        SetLandlordCardGatewayHandler,
        GetLandlordCardGatewayHandler,
        AuthorizeNetTransactionChangedHandler,
        GetPaymentSetupHandler,
        ListTenantPaymentsHandler,
        GetTenantBalanceHandler,
        GetTenantLedgerHandler,
        GetTenancyLedgerHandler,
        ...recordedPaymentProviders,
        ...refundProviders(options),
        GetReceiptHandler,
        GetBankDebitFailuresHandler,
        ReadLedgerFeedHandler,
        ReadWholeLedgerFeedHandler,
        GetLedgerBacklogHandler,
        ReceiptReader,
        PaymentCorrectionsReader,
        ReceiptMailer,
        DisputedAfterRefundMailer,
        ChargeSettlement,
        // Bank debits (ACH): linked accounts, mandates, and the journals of a debit's answer.
        BankAccounts,
        Mandates,
        RemoveSavedBankAccountHandler,
        LinkedBankAccounts,
        TenantBankDebitContexts,
        SaveBankAccountHandler,
        BankCustomers,
        StartBankLinkHandler,
        BankDebitSettlement,
        BankDebitFailedMailer,
        PayoutAccountReadiness,
        CardAttemptGuard,
        ListDeclinedCardsHandler,
        JournalPoster,
        ChargeCorrections,
        // Provider events in the product's words (methods marked @HandlesProviderEvent; ChargeCorrections and PayoutRecorder mark theirs too).
        ChargeSucceededHandler,
        ChargeFailedHandler,
        MandateChangedHandler,
        BankAccountVerifiedHandler,
        PayoutRecorder,
        ListLandlordPayoutsHandler,
        GetPaymentSettlementsHandler,
        ListDisputedAfterRefundHandler,
        ...(options.runWorker ? [ReceiptEmailProcessor, DisputedAfterRefundEmailProcessor, BankDebitFailedEmailProcessor] : []),
      ],
    };
  }
}
