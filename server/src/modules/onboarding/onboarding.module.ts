import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../../infrastructure/config/app-config';
import { ApproveRegistrationHandler } from './commands/approve-registration.handler';
import { ConfirmPayoutAccountHandler } from './commands/confirm-payout-account.handler';
import { RefreshAccountLinkHandler } from './commands/refresh-account-link.handler';
import { RegisterLandlordHandler } from './commands/register-landlord.handler';
import { RejectRegistrationHandler } from './commands/reject-registration.handler';
import { StartPayoutOnboardingHandler } from './commands/start-payout-onboarding.handler';
import { SyncPayoutAccountHandler } from './commands/sync-payout-account.handler';
import { PayoutAccountController } from './http/payout-account.controller';
import { PayoutBindingCookie } from './http/payout-binding-cookie';
import { RegistrationsController } from './http/registrations.controller';
import { PayoutStateSigner } from './payout-state/payout-state';
import { PayoutAccountChangedHandler } from './provider-events/payout-account-changed.handler';
import { GetPayoutAccountHandler } from './queries/get-payout-account.handler';
import { GetPayoutDashboardLinkHandler } from './queries/get-payout-dashboard-link.handler';
import { ListRegistrationsHandler } from './queries/list-registrations.handler';
import { PayoutConnections } from './registrations/payout-connections';
import { Registration } from './registrations/registration.entity';
import { StepOneToken } from './registrations/step-one-token.entity';
import { StepOneTokens } from './registrations/step-one-tokens';
import { SignUpAttempts } from './sign-up/sign-up-attempts';
import { ConnectSandboxPayoutAccountHandler } from './commands/connect-sandbox-payout-account.handler';

/** How a landlord gets in: sign-up, an operator's review, and the payout account (step 1 of the approval email). */
@Module({
  imports: [CqrsModule, TypeOrmModule.forFeature([Registration, StepOneToken])],
  controllers: [RegistrationsController, PayoutAccountController],
  providers: [
    { provide: PayoutStateSigner, inject: [AppConfig], useFactory: (config: AppConfig) => new PayoutStateSigner(config.appSecret) },
    PayoutBindingCookie,
    SignUpAttempts,
    StepOneTokens,
    PayoutConnections,
    RegisterLandlordHandler,
    ApproveRegistrationHandler,
    RejectRegistrationHandler,
    StartPayoutOnboardingHandler,
    ConnectSandboxPayoutAccountHandler,
    RefreshAccountLinkHandler,
    ConfirmPayoutAccountHandler,
    SyncPayoutAccountHandler,
    PayoutAccountChangedHandler,
    ListRegistrationsHandler,
    GetPayoutAccountHandler,
    GetPayoutDashboardLinkHandler,
  ],
})
export class OnboardingModule {}
