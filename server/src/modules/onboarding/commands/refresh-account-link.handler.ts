import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../infrastructure/clock/clock';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { PayoutAccountProvider } from '../contracts/payout-account-provider.port';
import { accountLinkRefreshUrl, payoutReturnUrl } from '../onboarding-urls';
import { PayoutStateSigner } from '../payout-state/payout-state';
import { Registration } from '../registrations/registration.entity';
import { RefreshAccountLink } from './refresh-account-link.command';

@CommandHandler(RefreshAccountLink)
export class RefreshAccountLinkHandler implements ICommandHandler<RefreshAccountLink> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly gateway: PayoutAccountProvider,
    private readonly signer: PayoutStateSigner,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async execute({ state, bindingNonce }: RefreshAccountLink): Promise<{ url: string } | null> {
    const check = this.signer.verify(state, this.clock.nowUnixSeconds());
    // An account link opens the landlord's payout details: only for the browser that started step 1.
    if (!check.valid || !this.signer.isBound(check, bindingNonce)) return null;
    const registration = await this.unitOfWork.repository(Registration).findOneBy({ id: check.registrationId });
    if (!registration?.payoutAccountId || registration.status !== 'approved' || registration.payoutConnectedAt) return null;
    const publicUrl = this.config.env.PUBLIC_URL;
    return this.gateway.createAccountLink({
      accountId: registration.payoutAccountId,
      refreshUrl: accountLinkRefreshUrl(publicUrl, state),
      returnUrl: payoutReturnUrl(publicUrl, state),
    });
  }
}
