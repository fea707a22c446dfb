import { tenantReminderEmail, weeklySummaryEmail } from './rent-reminder-email';

const base = {
  to: 'sam@example.com',
  firstName: 'Sam',
  propertyAddress: '123 Main St, Springfield, IL 62704',
  monthLabel: 'March 2025',
  dueAt: new Date('2025-03-01T05:00:00Z'),
  rentCents: 150_000,
  balanceCents: 150_000,
  lateFeeCents: null,
  timeZone: 'America/New_York',
  publicUrl: 'https://rent.example.com',
};

describe('the rent reminder emails', () => {
  it('tells the tenant rent is due in 3 days, in both parts, with a working link to pay and to the ledger', () => {
    const email = tenantReminderEmail({ ...base, occasion: 'due_soon', balanceCents: 0 });
    expect(email.subject).toBe('Your rent of $1,500.00 is due on Saturday, March 1');
    for (const part of [email.text, email.html]) {
      expect(part).toContain('is due in 3 days, on Saturday, March 1.');
      expect(part).toContain('https://rent.example.com/tenant/payment');
      expect(part).toContain('https://rent.example.com/tenant/ledger');
      expect(part).toContain('https://rent.example.com/tenant/info');
    }
    expect(email.text).toContain('Rent for March 2025: $1,500.00');
  });

  it('says late and late fee in the words a tenant reads, with the balance now', () => {
    const late = tenantReminderEmail({ ...base, occasion: 'late', balanceCents: 80_000 });
    expect(late.subject).toBe('Your rent is late: $800.00 is still owed');
    expect(late.text).toContain('Your balance now: $800.00');
    const fee = tenantReminderEmail({ ...base, occasion: 'late_fee', lateFeeCents: 5_000, balanceCents: 155_000 });
    expect(fee.subject).toBe('A late fee of $50.00 was added to your rent');
    expect(fee.text).toContain('Late fee: $50.00');
    expect(fee.text).toContain('Pay rent');
  });

  it('gives the landlord each tenant owing, with days late, and the who-owes-what link', () => {
    const email = weeklySummaryEmail({
      to: 'dana@example.com',
      firstName: 'Dana',
      publicUrl: 'https://rent.example.com',
      rows: [
        { tenantUserId: 't1', tenantName: 'Sam Rivera', propertyId: 'p1', propertyAddress: '123 Main St', balanceCents: 150_000, daysLate: 12 },
        { tenantUserId: 't2', tenantName: 'Jo Park', propertyId: 'p2', propertyAddress: '9 Oak Ave', balanceCents: 5_000, daysLate: 0 },
      ],
    });
    expect(email.subject).toBe('Unpaid rent this week: 2 tenants owe $1,550.00');
    expect(email.text).toContain('Sam Rivera, 123 Main St: $1,500.00 (12 days late)');
    expect(email.text).toContain('Jo Park, 9 Oak Ave: $50.00 (not late yet)');
    expect(email.text).toContain('https://rent.example.com/landlord/balances');
    expect(email.html).toContain('https://rent.example.com/landlord/balances');
  });
});
