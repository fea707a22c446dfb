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

/** Rent paid outside Rentwise and recorded by the landlord (decision 0043): what a receipt for cash must say. */
export interface RecordedPaymentView {
  /** 'YYYY-MM-DD' on the landlord's calendar. */
  receivedOn: string;
  /** The billing month it paid: 'April 2026'. */
  periodCovered: string;
  /** Who recorded it: the landlord's name. */
  recordedBy: string;
  /** Set once the landlord voided it, with why and when (ISO). */
  voided: { reason: string; voidedAt: string } | null;
}

/** One payment's receipt, as the payer (tenant) or the payee (landlord) sees it. */
export interface ReceiptView {
  /** The ledger transaction id. */
  receiptId: string;
  mode: 'tenant' | 'landlord';
  status: 'Processing' | 'Paid' | 'Refunded' | 'Disputed' | 'Disputed after refund' | 'Failed' | 'Recorded by landlord' | 'Voided';
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
  /** 'Visa •••• 4242', a bank account: 'STRIPE TEST BANK •••• 6789', or what the landlord recorded: 'Check #1234'. */
  paymentMethod: string;
  /** Made by autopay (decision 0042), not by the tenant at the payment screen. */
  automatic: boolean;
  /** Same as receiptId (the spec's TransactionID). */
  transactionId: string;
  propertyAddress: string;
  description: string;
  /** The tenant's view only. */
  landlordContact: { name: string; email: string; phone: string } | null;
  /** Rent the landlord recorded; null for every payment made through Rentwise. */
  recorded: RecordedPaymentView | null;
}
