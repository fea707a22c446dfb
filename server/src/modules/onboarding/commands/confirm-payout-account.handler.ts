import { BadRequestException, ConflictException, Logger, ServiceUnavailableException } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { ConnectedAccountNotFound, OAuthCodeRejected, PaymentGatewayError } from '../../../infrastructure/providers/provider-errors';
import { ConnectedAccountState, PayoutAccountProvider } from '../contracts/payout-account-provider.port';
import { PayoutStatus } from '@rentwise/libs/payout-status';
import { PayoutStateSigner } from '../payout-state/payout-state';
import { PayoutConnections } from '../registrations/payout-connections';
import { Registration } from '../registrations/registration.entity';
import { ConfirmPayoutAccount } from './confirm-payout-account.command';

const notConfirmed = () => new BadRequestException(MESSAGES.payoutAccountNotConfirmed);

@CommandHandler(ConfirmPayoutAccount)
export class ConfirmPayoutAccountHandler implements ICommandHandler<ConfirmPayoutAccount> {
  private readonly logger = new Logger(ConfirmPayoutAccountHandler.name);

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly gateway: PayoutAccountProvider,
    private readonly signer: PayoutStateSigner,
    private readonly connections: PayoutConnections,
    private readonly clock: Clock,
  ) {}

  async execute({ state, code, bindingNonce }: ConfirmPayoutAccount): Promise<{ payoutStatus: PayoutStatus }> {
    const check = this.signer.verify(state, this.clock.nowUnixSeconds());
    if (!check.valid) throw notConfirmed();
    const registration = await this.unitOfWork.repository(Registration).findOneBy({ id: check.registrationId });
    if (!registration || registration.status !== 'approved') throw notConfirmed();

    let accountId = registration.payoutAccountId;
    if (code) {
      // Attaching an account someone authorized: only in the browser that started step 1, so a
      // state seen elsewhere cannot point this landlord's rent at another person's account.
      if (!this.signer.isBound(check, bindingNonce)) throw notConfirmed();
      accountId = (await this.provider('exchange an OAuth code', () => this.gateway.exchangeOAuthCode(code))).accountId;
    }
    if (!accountId) throw notConfirmed();

    const account = await this.provider('retrieve a payout account', () => this.gateway.retrieveAccount(accountId));
    const recorded = await this.connections.record(registration.id, account);
    // Back from the provider without having given the details it needs: step 1 is not done yet.
    if (!recorded.connected) throw new ConflictException(MESSAGES.payoutAccountNotConfirmed);
    return { payoutStatus: recorded.status };
  }

  /** Provider refusals the landlord can fix by starting again are 400; an unreachable provider is 503. */
  private async provider<T extends ConnectedAccountState | { accountId: string }>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof OAuthCodeRejected || error instanceof ConnectedAccountNotFound) {
        this.logger.warn({ err: error }, `The provider refused to ${what}`);
        throw notConfirmed();
      }
      if (error instanceof PaymentGatewayError) {
        this.logger.error({ err: error }, `Could not ${what}`);
        throw new ServiceUnavailableException(MESSAGES.payoutAccountNotConfirmed);
      }
      throw error;
    }
  }
}
