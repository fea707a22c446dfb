/** One payment's receipt, as the payer (tenant) or the payee (landlord) sees it. */
export interface ReceiptView {
  /** The ledger transaction id. */
  receiptId: string;
  mode: 'tenant' | 'landlord';
  status: 'Paid' | 'Refunded' | 'Disputed';
  /** Tenant: what the card was charged. Landlord: what the landlord received after the dated fee. */
  amountCents: number;
  /** ISO time the card was charged. */
  paidAt: string;
  paidBy: string;
  paidTo: string;
  /** 'Visa •••• 4242'. */
  paymentMethod: string;
  /** Same as receiptId (the spec's TransactionID). */
  transactionId: string;
  propertyAddress: string;
  description: string;
  /** The tenant's view only. */
  landlordContact: { name: string; email: string; phone: string } | null;
}
