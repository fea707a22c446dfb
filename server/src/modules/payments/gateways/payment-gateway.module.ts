import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { SANDBOX_WEBHOOKS_QUEUE } from '../../../infrastructure/queue/queue-names';
import { PaymentGateway } from './payment-gateway.port';
import { PayoutAccountProvider } from '../../onboarding/contracts/payout-account-provider.port';
import { SandboxOnboarding } from '../../onboarding/contracts/sandbox-onboarding.port';
import { SandboxAccounts } from './sandbox/sandbox-accounts';
import { LinkSandboxBankAccountHandler } from './sandbox/link-sandbox-bank-account.handler';
import { SandboxBankDebits } from './sandbox/sandbox-bank-debits';
import { SandboxBankAccountsController } from './sandbox/sandbox-bank-accounts.controller';
import { SandboxBankSettlementTimer } from './sandbox/sandbox-bank-settlement.timer';
import { SandboxCards } from './sandbox/sandbox-cards';
import { SandboxCardsController } from './sandbox/sandbox-cards.controller';
import { SandboxClockController } from './sandbox/sandbox-clock.controller';
import { SandboxConnectController } from './sandbox/sandbox-connect.controller';
import { SandboxDevTools } from './sandbox/sandbox-dev-tools';
import { SandboxDevToolsController } from './sandbox/sandbox-dev-tools.controller';
import { SANDBOX_DELIVERY_JOB_OPTIONS, SandboxEvents } from './sandbox/sandbox-events';
import { SandboxLinks } from './sandbox/sandbox-links';
import { SandboxMoney } from './sandbox/sandbox-money';
import { SandboxWebhookDelivery } from './sandbox/sandbox-webhook-delivery.processor';
import { SandboxGateway } from './sandbox/sandbox.gateway';
import { StripeGateway } from './stripe/stripe.gateway';

/** Onboarding's port: the payout accounts are the card gateway's connected accounts. */
const payoutAccountsOnTheCardGateway = { provide: PayoutAccountProvider, useExisting: PaymentGateway };

/**
 * Provides `PaymentGateway` (and onboarding's `PayoutAccountProvider`) everywhere: Stripe when STRIPE_SECRET_KEY is set, otherwise the sandbox
 * with its hosted pages under /api/sandbox/connect and its card form's tokenizer at
 * /sandbox/v1/payment_methods (AppConfig refuses the sandbox in production).
 */
@Module({})
export class PaymentGatewayModule {
  static register(config: AppConfig, options: { runWorker: boolean } = { runWorker: false }): DynamicModule {
    if (config.paymentGateway === 'stripe') {
      return {
        module: PaymentGatewayModule,
        global: true,
        providers: [{ provide: PaymentGateway, useClass: StripeGateway }, payoutAccountsOnTheCardGateway],
        exports: [PaymentGateway, PayoutAccountProvider],
      };
    }
    return {
      module: PaymentGatewayModule,
      global: true,
      // The sandbox's events go out through their own queue, signed, to our own webhook endpoints.
      imports: [BullModule.registerQueue({ name: SANDBOX_WEBHOOKS_QUEUE, defaultJobOptions: SANDBOX_DELIVERY_JOB_OPTIONS })],
      controllers: config.isProduction ? [] : [SandboxConnectController, SandboxCardsController, SandboxBankAccountsController, SandboxDevToolsController, SandboxClockController],
      providers: [
        SandboxAccounts,
        SandboxCards,
        SandboxLinks,
        SandboxEvents,
        SandboxMoney,
        SandboxBankDebits,
        LinkSandboxBankAccountHandler,
        SandboxDevTools,
        SandboxGateway,
        { provide: PaymentGateway, useExisting: SandboxGateway },
        payoutAccountsOnTheCardGateway,
        { provide: SandboxOnboarding, useExisting: SandboxAccounts },
        ...(options.runWorker ? [SandboxWebhookDelivery, SandboxBankSettlementTimer] : []),
      ],
      // SandboxOnboarding too: demo data finishes a landlord's sandbox onboarding (ConnectSandboxPayoutAccount);
      // SandboxAccounts, SandboxMoney and SandboxBankDebits for the development tools and tests (refund, dispute, pay out, settle).
      exports: [PaymentGateway, PayoutAccountProvider, SandboxOnboarding, SandboxAccounts, SandboxMoney, SandboxBankDebits],
    };
  }
}
