/** A payment refunded, then disputed, while the dispute is open (libs/disputed-after-refund). ISO dates. */
export interface DisputedAfterRefundView {
  refundedCents: number;
  /** When the last refund before the dispute was made. */
  refundedAt: string;
  disputeOpenedAt: string;
  /** What the dispute holds from the landlord until it closes. */
  disputedCents: number;
  /** What the card holder would get back twice if the dispute is lost. */
  atRiskCents: number;
}

/** One payment's receipt, as the payer (tenant) or the payee (landlord) sees it. */
export interface ReceiptView {
  /** The ledger transaction id. */
  receiptId: string;
  mode: 'tenant' | 'landlord';
  status: 'Processing' | 'Paid' | 'Refunded' | 'Disputed' | 'Disputed after refund' | 'Failed';
  /** Why the bank refused a failed bank debit, in the tenant's words; null otherwise. */
  failureReason: string | null;
  /** Set while a dispute opened after a refund is open: the landlord answers it with the refund. */
  disputedAfterRefund: DisputedAfterRefundView | null;
  /** Tenant: what the card was charged. Landlord: what the landlord received after the dated fee. */
  amountCents: number;
  /** ISO time the card was charged. */
  paidAt: string;
  /**
   * The fee the tenant paid on top of the rent, as charged (the card processing fee, or the bank fee);
   * null for a payment made outside the payment screen (imported history), whose fee is that of its date.
   */
  tenantFeeCents: number | null;
  paidBy: string;
  paidTo: string;
  /** 'Visa •••• 4242', or a bank account: 'STRIPE TEST BANK •••• 6789'. */
  paymentMethod: string;
  /** Made by autopay (decision 0042), not by the tenant at the payment screen. */
  automatic: boolean;
  /** Same as receiptId (the spec's TransactionID). */
  transactionId: string;
  propertyAddress: string;
  description: string;
  /** The tenant's view only. */
  landlordContact: { name: string; email: string; phone: string } | null;
}
