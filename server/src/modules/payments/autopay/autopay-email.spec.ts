import { type AutopayEmailInput, autopayEmail } from './autopay-email';

const input = (more: Partial<AutopayEmailInput>): AutopayEmailInput => ({
  occasion: 'notice',
  method: 'bank_account',
  toLandlord: false,
  to: 'sam@example.com',
  firstName: 'Sam',
  tenantName: 'Sam Rivera',
  propertyAddress: '123 Main St, Springfield, IL 62704',
  monthLabel: 'January 2027',
  amountCents: 150_000,
  at: new Date('2026-12-29T11:00:00Z'),
  reason: null,
  timeZone: 'America/New_York',
  publicUrl: 'http://localhost:3000',
  ...more,
});

describe('autopay emails', () => {
  it('says a card plan pays with the card, the card fee on top', () => {
    const notice = autopayEmail(input({ method: 'card' }));
    expect(notice.text).toContain('autopay will pay your rent for January 2027 for 123 Main St, Springfield, IL 62704 with your card.');
    expect(notice.text).toContain('The card processing fee is added to the amount');
    expect(autopayEmail(input({})).text).toContain('from your bank account.');
    expect(autopayEmail(input({})).text).not.toContain('card processing fee');
  });

  it('gives a declined card’s reason and a link to pay by hand, and says autopay stays on', () => {
    const failed = autopayEmail(input({ occasion: 'failed', method: 'card', at: null, reason: 'Your card was declined. This transaction requires authentication.' }));
    expect(failed.subject).toBe('Your automatic rent payment of $1,500.00 did not go through');
    expect(failed.text).toContain('Your card was declined. This transaction requires authentication.');
    expect(failed.text).toContain('it will not be tried again');
    expect(failed.text).toContain('Autopay stays on for next month.');
    expect(failed.text).toContain('http://localhost:3000/tenant/payment');
    expect(failed.text).toContain('Change the day, the amount or the card');
  });
});
