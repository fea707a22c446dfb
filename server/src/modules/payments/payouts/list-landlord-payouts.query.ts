import { Query } from '@nestjs/cqrs';
import type { DisputedAfterRefundPaymentView } from '../refund-disputes/list-disputed-after-refund.query';

export interface PayoutLineView {
  /** payment, refund, refund_failure, dispute, dispute_reversal or other. */
  kind: string;
  /** The tenant and property the line is about; null for lines about no rent payment (fees, adjustments). */
  tenantName: string | null;
  propertyAddress: string | null;
  /** How the payment the line is about was paid: 'Visa •••• 4242' or 'Bank payment •••• 6789'; null for lines about no rent payment. */
  paidWith: string | null;
  /** card or bank_debit; null for lines about no rent payment. */
  method: 'card' | 'bank_debit' | null;
  /** The receipt of the rent payment the line is about (its payment journal's id), to link to. */
  receiptId: string | null;
  /** 'March 2024': the month the payment counts to. */
  month: string | null;
  /** What the line adds to the deposit (negative for refunds and disputes): gross less the provider's fees. */
  amountCents: number;
  grossCents: number;
  feeCents: number;
  occurredAt: string;
  /** The line is about a payment refunded, then disputed, whose dispute is still open. */
  disputedAfterRefund: boolean;
}

export interface PayoutView {
  payoutId: string;
  amountCents: number;
  status: 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';
  initiatedAt: string;
  expectedArrivalAt: string;
  paidAt: string | null;
  lines: PayoutLineView[];
}

export interface LandlordPayoutsView {
  payouts: PayoutView[];
  /** The landlord's payments disputed after a refund, paid out or not yet: each needs an answer to its dispute. */
  disputedAfterRefund: DisputedAfterRefundPaymentView[];
}

/** A landlord's bank deposits, newest first, each with what it is made of. */
export class ListLandlordPayouts extends Query<LandlordPayoutsView> {
  constructor(readonly landlordUserId: string) {
    super();
  }
}
