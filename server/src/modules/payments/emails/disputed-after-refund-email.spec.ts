import type { DisputedAfterRefund } from '@rentwise/libs/disputed-after-refund';
import { disputedAfterRefundEmail, type DisputedAfterRefundEmailInput } from './disputed-after-refund-email';

const flag: DisputedAfterRefund = {
  refunds: [
    { amountCents: 50_000, refundedAt: new Date('2026-11-03T15:00:00Z'), reference: 're_1' },
    { amountCents: 100_699, refundedAt: new Date('2026-11-04T15:00:00Z'), reference: null },
  ],
  refundedCents: 150_699,
  lastRefundedAt: new Date('2026-11-04T15:00:00Z'),
  disputeOpenedAt: new Date('2026-11-09T15:00:00Z'),
  disputedCents: 150_699,
  atRiskCents: 150_699,
};

const input: DisputedAfterRefundEmailInput = {
  to: 'dana@example.com',
  firstName: 'Dana',
  tenantName: 'Sam <Rivera>',
  propertyAddress: '123 Main St, Apt 2',
  paidAt: new Date('2026-11-01T15:00:00Z'),
  flag,
  disputeId: 'dp_1',
  evidenceDueBy: new Date('2026-11-23T23:59:59Z'),
  timeZone: 'America/New_York',
  receiptUrl: 'http://localhost:3000/landlord/payment-receipt/r-1',
  dashboardUrl: 'http://localhost:3000/landlord/dashboard',
  publicUrl: 'http://localhost:3000',
};

describe('disputedAfterRefundEmail', () => {
  it('says what happened, what evidence to submit and by when, on the landlord’s calendar', () => {
    const email = disputedAfterRefundEmail(input);
    expect(email.to).toBe('dana@example.com');
    expect(email.subject).toBe("Sam <Rivera>'s refunded payment was disputed: answer by Nov 23, 2026");
    expect(email.text).toContain(
      "Sam <Rivera>'s rent payment for 123 Main St, Apt 2, paid on Nov 1, 2026, was refunded on Nov 4, 2026 ($1,506.99), and the cardholder has now also disputed it.",
    );
    expect(email.text).toContain('Stripe has taken the disputed $1,506.99 from your balance, so until the dispute closes you are down this money twice.');
    expect(email.text).toContain('Answer the dispute (dp_1) in your Stripe account and submit evidence that the refund was issued:');
    expect(email.text).toContain('- Refund of $500.00 on Nov 3, 2026, reference re_1\n- Refund of $1,006.99 on Nov 4, 2026\n');
    expect(email.text).toContain("Submit it by Nov 23, 2026, 6:59 PM EST, the dispute's evidence due date.");
    expect(email.text).toContain('View Stripe Account on your Rentwise dashboard: http://localhost:3000/landlord/dashboard');
    expect(email.text).toContain("The payment's receipt: http://localhost:3000/landlord/payment-receipt/r-1");
  });

  it('asks for an answer as soon as possible when the provider gave no due date', () => {
    const email = disputedAfterRefundEmail({ ...input, evidenceDueBy: null });
    expect(email.subject).toBe("Sam <Rivera>'s refunded payment was disputed: answer the dispute");
    expect(email.text).toContain('Submit it as soon as you can: Stripe shows the evidence due date on the dispute.');
  });

  it('escapes what people typed in the HTML part', () => {
    const { html } = disputedAfterRefundEmail(input);
    expect(html).toContain('Sam &#60;Rivera&#62;');
    expect(html).not.toContain('Sam <Rivera>');
    expect(html).toMatch(/<li [^>]*>Refund of \$500\.00 on Nov 3, 2026, reference re_1<\/li>/);
  });
});
