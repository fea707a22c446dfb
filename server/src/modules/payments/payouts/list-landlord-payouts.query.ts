import { Query } from '@nestjs/cqrs';

export interface PayoutLineView {
  /** payment, refund, refund_failure, dispute, dispute_reversal or other. */
  kind: string;
  /** The tenant and property the line is about; null for lines about no rent payment (fees, adjustments). */
  tenantName: string | null;
  propertyAddress: string | null;
  /** 'March 2024': the month the payment counts to. */
  month: string | null;
  /** What the line adds to the deposit (negative for refunds and disputes): gross less the provider's fees. */
  amountCents: number;
  grossCents: number;
  feeCents: number;
  occurredAt: string;
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

/** A landlord's bank deposits, newest first, each with what it is made of. */
export class ListLandlordPayouts extends Query<PayoutView[]> {
  constructor(readonly landlordUserId: string) {
    super();
  }
}
