import { Query } from '@nestjs/cqrs';
import type { DisputedAfterRefundView } from '../receipts/receipt-view';

/** A payment refunded, then disputed, whose dispute is still open: who, where, and what is at stake. */
export interface DisputedAfterRefundPaymentView extends DisputedAfterRefundView {
  /** The payment's journal id (its receipt). */
  receiptId: string;
  /** When the card was charged, and how much. */
  paidAt: string;
  chargedCents: number;
  landlordUserId: string;
  landlordName: string | null;
  tenantName: string | null;
  propertyAddress: string | null;
  /** The provider's account and charge, for the provider's dashboard; null for payments with no card charge row. */
  connectedAccountId: string | null;
  chargeId: string | null;
}

/**
 * Payments disputed after a refund, newest dispute first: one landlord's (their Payouts page), or
 * everyone's (the operator's reconciliation page) when no landlord is given.
 */
export class ListDisputedAfterRefund extends Query<DisputedAfterRefundPaymentView[]> {
  constructor(readonly landlordUserId: string | null) {
    super();
  }
}
