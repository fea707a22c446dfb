import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import type { PayoutStatus } from '@rentwise/libs/payout-status';
import { GetPayoutAccount, PayoutAccountView } from '../contracts/get-payout-account.query';

/** Asked before every card payment and by the payment screen (unique landlord_user_id). */
const PAYOUT_ACCOUNT = preparedStatement<
  {
    payout_account_id: string | null;
    payout_status: PayoutStatus | null;
    payout_charges_enabled: boolean | null;
    payout_bank_debits_enabled: boolean | null;
  },
  [landlordUserId: string]
>(
  'onboarding.payout-account',
  `SELECT payout_account_id, payout_status, payout_charges_enabled, payout_bank_debits_enabled
     FROM onboarding.registrations WHERE landlord_user_id = $1`,
);

@QueryHandler(GetPayoutAccount)
export class GetPayoutAccountHandler implements IQueryHandler<GetPayoutAccount> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ landlordUserId }: GetPayoutAccount): Promise<PayoutAccountView | null> {
    const [registration] = await this.unitOfWork.query(PAYOUT_ACCOUNT, [landlordUserId]);
    if (!registration?.payout_account_id) return null;
    return {
      accountId: registration.payout_account_id,
      status: registration.payout_status ?? 'pending',
      chargesEnabled: registration.payout_charges_enabled,
      bankDebitsEnabled: registration.payout_bank_debits_enabled,
    };
  }
}
