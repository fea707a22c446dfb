import { Query } from '@nestjs/cqrs';

export interface TenantPaymentRow {
  receiptId: string;
  /** ISO time the card was charged. */
  paidAt: string;
  chargedCents: number;
  /** 'Rent payment: 123 Main St, Apt 2'; the list shows the text after the colon. */
  description: string;
  status: 'succeeded' | 'refunded' | 'disputed';
}

/** The tenant's rent payments, newest first. */
export class ListTenantPayments extends Query<TenantPaymentRow[]> {
  constructor(readonly tenantUserId: string) {
    super();
  }
}
