import { Query } from '@nestjs/cqrs';
import type { PayoutStatus } from '@rentwise/libs/payout-status';
import type { RegistrationStatus } from '../registrations/registration.entity';

export interface RegistrationRow {
  registrationId: string;
  /** The landlord's account, for the operator's page of that landlord. */
  landlordUserId: string;
  status: RegistrationStatus;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** ISO times. */
  submittedAt: string;
  reviewedAt: string | null;
  rejectionReason: string | null;
  /** Null until the landlord starts step 1. */
  payoutStatus: PayoutStatus | null;
  payoutConnected: boolean;
}

/** The operator's queue: pending registrations oldest first, or the most recently reviewed. */
export class ListRegistrations extends Query<RegistrationRow[]> {
  constructor(readonly which: 'pending' | 'reviewed') {
    super();
  }
}
