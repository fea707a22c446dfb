import { Query } from '@nestjs/cqrs';
import type { PaymentStatus } from '../receipts/payment-status';

export interface TenantPaymentRow {
  receiptId: string;
  /** ISO time the card was charged, or the bank was asked to debit the account. */
  paidAt: string;
  chargedCents: number;
  /** 'Rent payment: 123 Main St, Apt 2'; the list shows the text after the colon. */
  description: string;
  /** processing and failed are bank debits' (decision 0037); recorded and voided, rent the landlord recorded (0043). */
  status: PaymentStatus;
  /** Why the bank refused a failed bank debit; null otherwise. */
  failureReason: string | null;
  /** Made by autopay (decision 0042). */
  automatic: boolean;
}

/** The tenant's rent payments, newest first. */
export class ListTenantPayments extends Query<TenantPaymentRow[]> {
  constructor(readonly tenantUserId: string) {
    super();
  }
}
