import { ConflictException, Logger, ServiceUnavailableException } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { PayoutAccountProvider } from '../contracts/payout-account-provider.port';
import { PaymentGatewayError } from '../../../infrastructure/providers/provider-errors';
import { Registration } from '../registrations/registration.entity';
import { GetPayoutDashboardLink } from './get-payout-dashboard-link.query';

@QueryHandler(GetPayoutDashboardLink)
export class GetPayoutDashboardLinkHandler implements IQueryHandler<GetPayoutDashboardLink> {
  private readonly logger = new Logger(GetPayoutDashboardLinkHandler.name);

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly gateway: PayoutAccountProvider,
  ) {}

  async execute({ landlordUserId }: GetPayoutDashboardLink): Promise<{ url: string }> {
    const registration = await this.unitOfWork.repository(Registration).findOneBy({ landlordUserId });
    if (!registration?.payoutAccountId || !registration.payoutConnectedAt) {
      throw new ConflictException(MESSAGES.payoutAccountNotConnected);
    }
    try {
      return await this.gateway.createDashboardLink(registration.payoutAccountId);
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) throw error;
      this.logger.error({ err: error, accountId: registration.payoutAccountId }, 'Could not make a dashboard link');
      throw new ServiceUnavailableException(MESSAGES.unexpectedError);
    }
  }
}
