import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { PaymentGateway } from './payment-gateway.port';
import { SandboxAccounts } from './sandbox/sandbox-accounts';
import { SandboxCards } from './sandbox/sandbox-cards';
import { SandboxCardsController } from './sandbox/sandbox-cards.controller';
import { SandboxConnectController } from './sandbox/sandbox-connect.controller';
import { SandboxLinks } from './sandbox/sandbox-links';
import { SandboxGateway } from './sandbox/sandbox.gateway';
import { StripeGateway } from './stripe.gateway';

/**
 * Provides `PaymentGateway` everywhere: Stripe when STRIPE_SECRET_KEY is set, otherwise the sandbox
 * with its hosted pages under /api/sandbox/connect and its card form's tokenizer at
 * /sandbox/v1/payment_methods (AppConfig refuses the sandbox in production).
 */
@Module({})
export class PaymentGatewayModule {
  static register(config: AppConfig): DynamicModule {
    if (config.paymentGateway === 'stripe') {
      return {
        module: PaymentGatewayModule,
        global: true,
        providers: [{ provide: PaymentGateway, useClass: StripeGateway }],
        exports: [PaymentGateway],
      };
    }
    return {
      module: PaymentGatewayModule,
      global: true,
      controllers: config.isProduction ? [] : [SandboxConnectController, SandboxCardsController],
      providers: [SandboxAccounts, SandboxCards, SandboxLinks, SandboxGateway, { provide: PaymentGateway, useExisting: SandboxGateway }],
      // SandboxAccounts too: demo data finishes a landlord's sandbox onboarding (ConnectSandboxPayoutAccount).
      exports: [PaymentGateway, SandboxAccounts],
    };
  }
}
