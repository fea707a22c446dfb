import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetPayoutAccount, PayoutAccountView } from '../contracts/get-payout-account.query';
import { Registration } from '../registrations/registration.entity';

@QueryHandler(GetPayoutAccount)
export class GetPayoutAccountHandler implements IQueryHandler<GetPayoutAccount> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ landlordUserId }: GetPayoutAccount): Promise<PayoutAccountView | null> {
    const registration = await this.unitOfWork.repository(Registration).findOneBy({ landlordUserId });
    if (!registration?.payoutAccountId) return null;
    return { accountId: registration.payoutAccountId, status: registration.payoutStatus ?? 'pending' };
  }
}
