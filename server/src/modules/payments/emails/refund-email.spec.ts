import { refundEmail, type RefundEmailInput } from './refund-email';

const input = (more: Partial<RefundEmailInput> = {}): RefundEmailInput => ({
  to: 'sam@example.com',
  firstName: 'Sam',
  landlordName: 'Dana Whitaker',
  refundedCents: 10_000,
  chargedCents: 150_699,
  paidAt: new Date('2026-04-03T15:00:00Z'),
  reason: 'Overcharged for April',
  remainingCents: 140_699,
  paymentMethod: 'Visa •••• 4242',
  timeZone: 'America/New_York',
  receiptUrl: 'http://localhost/tenant/payment-receipt/r-1',
  publicUrl: 'http://localhost',
  ...more,
});

describe('the refund email', () => {
  it('tells the tenant how much of which payment was refunded, why, and where it goes', () => {
    const email = refundEmail(input());
    expect(email.subject).toBe('Dana Whitaker refunded $100.00 of your rent payment');
    expect(email.text).toContain('Your landlord refunded $100.00 of your payment of $1,506.99 on Apr 3, 2026: Overcharged for April');
    expect(email.text).toContain('It goes back to Visa •••• 4242');
    expect(email.text).toContain('With it, your payment comes to $1,406.99.');
    expect(email.html).toContain('http://localhost/tenant/payment-receipt/r-1');
  });

  it('says all of it was refunded once nothing is left', () => {
    expect(refundEmail(input({ refundedCents: 150_699, remainingCents: 0 })).text).toContain('All of your payment has now been refunded.');
  });
});
