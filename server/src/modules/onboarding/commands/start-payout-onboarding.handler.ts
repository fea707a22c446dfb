import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { Clock } from '../../../infrastructure/clock/clock';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { PayoutAccountProvider } from '../contracts/payout-account-provider.port';
import { GetUser } from '../../accounts/contracts/get-user.query';
import { accountLinkRefreshUrl, payoutReturnUrl } from '../onboarding-urls';
import { PayoutStateSigner } from '../payout-state/payout-state';
import { Registration } from '../registrations/registration.entity';
import { StepOneTokens } from '../registrations/step-one-tokens';
import { StartPayoutOnboarding, StartPayoutOnboardingResult } from './start-payout-onboarding.command';

/** Same key, same account: a double click or a retried request never opens a second account. */
export const payoutAccountIdempotencyKey = (registrationId: string): string => `rentwise-payout-account-${registrationId}`;

@CommandHandler(StartPayoutOnboarding)
export class StartPayoutOnboardingHandler implements ICommandHandler<StartPayoutOnboarding> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly queries: QueryBus,
    private readonly stepOneTokens: StepOneTokens,
    private readonly gateway: PayoutAccountProvider,
    private readonly signer: PayoutStateSigner,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async execute({ token, method, bindingNonce }: StartPayoutOnboarding): Promise<StartPayoutOnboardingResult> {
    const check = await this.stepOneTokens.check(token);
    if (!check.valid) return { outcome: 'link_refused', reason: check.reason };
    const registrations = this.unitOfWork.repository(Registration);
    const registration = await registrations.findOneBy({ id: check.registrationId });
    if (!registration || registration.status !== 'approved') return { outcome: 'link_refused', reason: 'not_approved' };

    const publicUrl = this.config.env.PUBLIC_URL;
    const state = this.signer.issue(registration.id, bindingNonce, this.clock.nowUnixSeconds());
    const landlord = await this.queries.execute(new GetUser(registration.landlordUserId));
    const email = landlord?.email ?? registration.email;

    if (method === 'oauth' && this.gateway.supportsOAuth) {
      return { outcome: 'redirect', url: this.gateway.oauthAuthorizeUrl({ state, redirectUri: payoutReturnUrl(publicUrl), email }) };
    }

    let accountId = registration.payoutAccountId;
    if (!accountId) {
      // No transaction around provider calls: a slow provider must not hold database locks.
      ({ accountId } = await this.gateway.createConnectedAccount({
        email,
        idempotencyKey: payoutAccountIdempotencyKey(registration.id),
      }));
      await registrations
        .createQueryBuilder()
        .update()
        .set({ payoutAccountId: accountId, payoutStatus: 'pending' })
        .where('id = :id AND payout_account_id IS NULL', { id: registration.id })
        .execute();
    }
    const link = await this.gateway.createAccountLink({
      accountId,
      refreshUrl: accountLinkRefreshUrl(publicUrl, state),
      returnUrl: payoutReturnUrl(publicUrl, state),
    });
    return { outcome: 'redirect', url: link.url };
  }
}
