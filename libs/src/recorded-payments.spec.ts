import { MESSAGES } from './messages';
import { isCalendarDate, receivedOnProblem, recordedPaymentDescription, recordedPaymentMethodLabel } from './recorded-payments';
import { monthRows, type StatementJournal, statementLineOf, totalsOfLines } from './statements';

describe('recorded payments', () => {
  it('names the method as a receipt does', () => {
    expect(recordedPaymentMethodLabel('cash', null)).toBe('Cash');
    expect(recordedPaymentMethodLabel('check', '1234')).toBe('Check #1234');
    expect(recordedPaymentMethodLabel('check', '#1234')).toBe('Check #1234');
    expect(recordedPaymentMethodLabel('money_order', 'No. 0042')).toBe('Money order #0042');
    expect(recordedPaymentMethodLabel('money_order', null)).toBe('Money order');
    expect(recordedPaymentMethodLabel('other', 'Zelle')).toBe('Other (Zelle)');
    expect(recordedPaymentMethodLabel('cash', 'Receipt book 7')).toBe('Cash (Receipt book 7)');
  });

  it('describes the payment so that a history shows the method after the one colon, whatever the reference holds', () => {
    expect(recordedPaymentDescription('check', '12:34')).toBe('Rent payment: Check #12:34, recorded by landlord');
  });

  it('refuses a date after today or before the tenant moved in, on the landlord’s calendar', () => {
    const calendar = { today: '2026-03-10', tenancyStartedOn: '2026-01-15' };
    expect(receivedOnProblem('2026-03-10', calendar)).toBeNull();
    expect(receivedOnProblem('2026-01-15', calendar)).toBeNull();
    expect(receivedOnProblem('2026-03-11', calendar)).toBe(MESSAGES.receivedOnInFuture);
    expect(receivedOnProblem('2026-01-14', calendar)).toBe(MESSAGES.receivedOnBeforeTenancy);
  });

  it('knows the days of the calendar', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-04-31')).toBe(false);
    expect(isCalendarDate('2026-00-10')).toBe(false);
    expect(isCalendarDate('2026-03-05T00:00')).toBe(false);
  });
});

describe('a recorded payment in the statements', () => {
  const NEW_YORK = 'America/New_York';
  const base = { landlordUserId: 'l1', propertyId: 'p1', tenantUserId: 't1', processorFeeCents: null };
  // Received on March 11th (the first moment of the day in New York): after the 10th, so April's.
  const check: StatementJournal = {
    ...base,
    journalId: 'k1',
    kind: 'recorded_payment',
    occurredAt: '2026-03-11T04:00:00.000Z',
    countsAt: '2026-03-11T04:00:00.000Z',
    description: 'Rent payment: Check #1234, recorded by landlord',
    correctsJournalId: null,
    entries: [
      { account: 'tenant_card', amountCents: -150_000 },
      { account: 'received_by_landlord', amountCents: 150_000 },
    ],
  };
  // Voided in May; it counts to the month of the payment it voids, as a failed bank debit does.
  const voided: StatementJournal = {
    ...base,
    journalId: 'v1',
    kind: 'recorded_payment_void',
    occurredAt: '2026-05-02T15:00:00.000Z',
    countsAt: check.occurredAt,
    description: 'Recorded payment voided: The check bounced',
    correctsJournalId: 'k1',
    entries: [
      { account: 'tenant_card', amountCents: 150_000 },
      { account: 'received_by_landlord', amountCents: -150_000 },
    ],
  };

  it('is received in full, with no platform or processor fee, in the billing month of the day received', () => {
    expect(statementLineOf(check, NEW_YORK)).toMatchObject({
      billingYear: 2026,
      billingMonth: 4,
      grossCents: 150_000,
      platformFeeCents: 0,
      receivedCents: 150_000,
      processingCents: 0,
      processorFeeCents: 0,
      chargedCents: 0,
    });
    expect(totalsOfLines([statementLineOf(check, NEW_YORK)])).toMatchObject({ receivedCents: 150_000, netCents: 150_000, payments: 1 });
  });

  it('leaves its month as if it had never come once voided', () => {
    const lines = [statementLineOf(check, NEW_YORK), statementLineOf(voided, NEW_YORK)];
    expect(lines[1]).toMatchObject({ billingYear: 2026, billingMonth: 4, grossCents: -150_000, receivedCents: -150_000 });
    expect(totalsOfLines(lines)).toMatchObject({ grossCents: 0, receivedCents: 0, netCents: 0, payments: 0 });
    const [april] = monthRows({ from: { year: 2026, month: 4 }, through: { year: 2026, month: 4 }, lines });
    expect(april).toMatchObject({ receivedCents: 0, payments: 0 });
  });
});
