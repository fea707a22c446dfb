import { Query } from '@nestjs/cqrs';
import type { TenantPaymentRow } from './list-tenant-payments.query';

/** What the tenant owes for their home, when rent is next due, and their last payment (decision 0039). */
export interface TenantBalanceView {
  /** What the tenant owes now: charges less what they paid toward rent; negative is credit. */
  balanceCents: number;
  /** The next due date after now and the rent due then (the rent today). */
  nextDue: { dueAt: string; amountCents: number };
  /** The landlord's time zone, in which dueAt is the first moment of the due day. */
  timeZone: string;
  lastPayment: TenantPaymentRow | null;
}

/** The signed-in tenant's balance; null for a tenant without a current home. */
export class GetTenantBalance extends Query<TenantBalanceView | null> {
  constructor(readonly tenantUserId: string) {
    super();
  }
}
