import type { ReceiptView } from '../receipts/receipt-view';
import { receiptEmail } from './receipt-email';

const receipt = (amountCents: number, paidAt: string, more: Partial<ReceiptView> = {}): ReceiptView => ({
  receiptId: 'r-1',
  mode: 'tenant',
  status: 'Paid',
  disputedAfterRefund: null,
  amountCents,
  paidAt,
  paidBy: 'Sam Rivera',
  paidTo: 'Dana Whitaker',
  paymentMethod: 'Visa •••• 4242',
  automatic: false,
  transactionId: 'r-1',
  propertyAddress: '123 Main St, Springfield, IL 62704',
  description: 'Rent payment: 123 Main St',
  landlordContact: null,
  failureReason: null,
  tenantFeeCents: null,
  recorded: null,
  refunds: [],
  refundedCents: 0,
  refundOption: null,
  ...more,
});

describe('the receipt email', () => {
  it('says what the tenant paid and what it was made of, not that the landlord was paid the fee', () => {
    const email = receiptEmail('sam@example.com', 'Sam', receipt(185_699, '2026-11-01T15:00:00Z'), 'http://localhost/r', 'http://localhost');
    expect(email.text).toContain('You paid $1,856.99 ($1,850.00 rent + $6.99 processing fee); the rent goes to Dana Whitaker.');
    expect(email.html).toContain('You paid $1,856.99 ($1,850.00 rent + $6.99 processing fee); the rent goes to Dana Whitaker.');
    expect(email.text).not.toMatch(/has been paid/);
  });

  it('names no fee for a payment made before the processing fee began', () => {
    const email = receiptEmail('sam@example.com', 'Sam', receipt(185_000, '2023-06-30T12:00:00Z'), 'http://localhost/r', 'http://localhost');
    expect(email.text).toContain('You paid $1,850.00 in rent to Dana Whitaker.');
    expect(email.text).not.toContain('fee');
  });

  it('tells a bank payment is on its way, with the bank fee it carried (none by default)', () => {
    const bankPayment = { status: 'Processing', paymentMethod: 'STRIPE TEST BANK •••• 6789' } as const;
    const email = receiptEmail('sam@example.com', 'Sam', receipt(185_000, '2026-11-01T15:00:00Z', { ...bankPayment, tenantFeeCents: 0 }), 'http://localhost/r', 'http://localhost');
    expect(email.subject).toBe('Your bank payment of $1,850.00 to Dana Whitaker is on its way');
    expect(email.text).toContain('You paid $1,850.00 in rent to Dana Whitaker.');
    expect(email.text).toContain('about 4 business days');
    expect(email.text).toContain('Processing');
    const withFee = receiptEmail('sam@example.com', 'Sam', receipt(185_150, '2026-11-01T15:00:00Z', { ...bankPayment, tenantFeeCents: 150 }), 'http://localhost/r', 'http://localhost');
    expect(withFee.text).toContain('You paid $1,851.50 ($1,850.00 rent + $1.50 bank fee)');
  });
});
