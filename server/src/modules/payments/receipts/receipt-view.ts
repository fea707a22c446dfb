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

/** A refund of the payment (decision 0044): what went back, when, and why when the landlord refunded it from Rentwise. */
export interface ReceiptRefundView {
  amountCents: number;
  /** ISO time the provider made it. */
  refundedAt: string;
  /** The landlord's reason; null for a refund made in the provider's own dashboard. */
  reason: string | null;
}

/** What the landlord's Refund form needs to check the amount and show what a refund costs (libs/refunds). */
export interface RefundOptionView {
  chargedCents: number;
  /** Refunded already, and asked for and not yet answered. */
  refundedCents: number;
  leftCents: number;
  platformFeeCents: number;
  /** The processor's fee on the landlord's account; null when not theirs (Authorize.Net) or not known. */
  processorFeeCents: number | null;
  /** Why it cannot be refunded now; null when it can. */
  refusal: string | null;
}

/** One payment's receipt, as the payer (tenant) or the payee (landlord) sees it. */
export interface ReceiptView {
  /** The ledger transaction id. */
  receiptId: string;
  mode: 'tenant' | 'landlord';
  status: 'Processing' | 'Paid' | 'Refunded' | 'Partly refunded' | 'Disputed' | 'Disputed after refund' | 'Failed' | 'Recorded by landlord' | 'Voided';
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
  /** Its refunds that went through, oldest first. */
  refunds: ReceiptRefundView[];
  /** What they gave back in all (what still counts of the payment is what it charged less this). */
  refundedCents: number;
  /** The landlord's view only. */
  refundOption: RefundOptionView | null;
}
