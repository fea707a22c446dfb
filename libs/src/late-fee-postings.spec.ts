import { lateFeesDue, type LateFeePlanInput, rentUnpaidCents } from './late-fee-postings';
import type { LateFeePolicy } from './late-fees';
import type { TenantJournal } from './tenant-balance';

const NY = 'America/New_York';

const journal = (overrides: Partial<TenantJournal> & Pick<TenantJournal, 'journalId' | 'kind' | 'occurredAt'>): TenantJournal => ({
  description: overrides.kind,
  receivableCents: 0,
  paidCents: 0,
  tenantFeeCents: null,
  correctsJournalId: null,
  ...overrides,
});

// March 2025's rent, due the 1st in New York (05:00 UTC); 5 days' grace: late from the start of March 7th.
const marchChargedAt = new Date('2025-03-01T05:00:00.000Z');
const march = journal({ journalId: 'c3', kind: 'rent_charge', occurredAt: marchChargedAt.toISOString(), receivableCents: 150_000 });
const april = journal({ journalId: 'c4', kind: 'rent_charge', occurredAt: '2025-04-01T04:00:00.000Z', receivableCents: 150_000 });
const paid = (at: string, cents = 150_000, kind: TenantJournal['kind'] = 'rent_payment') =>
  journal({ journalId: `p-${at}`, kind, occurredAt: at, paidCents: cents, tenantFeeCents: 0 });

const flat: LateFeePolicy = { graceDays: 5, flatCents: 5_000, percentBasisPoints: 0, dailyCents: 0, monthlyCapCents: null };
const daily: LateFeePolicy = { graceDays: 5, flatCents: 5_000, percentBasisPoints: 0, dailyCents: 1_000, monthlyCapCents: 10_000 };

function plan(journals: TenantJournal[], policy: LateFeePolicy, judgedAt: string, posted: { lastDayPosted: number; postedCents: number } = { lastDayPosted: 0, postedCents: 0 }) {
  const input: LateFeePlanInput = {
    month: { chargedAt: marchChargedAt, fullRentCents: 150_000, ...posted },
    policy,
    timeZone: NY,
    judgedAt: new Date(judgedAt),
    unpaidAt: (at) => rentUnpaidCents(journals, marchChargedAt, at),
  };
  return lateFeesDue(input);
}

describe('rentUnpaidCents', () => {
  it('counts the payments made by the instant and the charges through the month', () => {
    const journals = [march, april, paid('2025-03-10T12:00:00.000Z')];
    expect(rentUnpaidCents(journals, marchChargedAt, new Date('2025-03-07T05:00:00.000Z'))).toBe(150_000);
    expect(rentUnpaidCents(journals, marchChargedAt, new Date('2025-03-10T12:00:00.000Z'))).toBe(0);
    // April's charge is not March's rent: paid in March, March stays paid in April.
    expect(rentUnpaidCents(journals, marchChargedAt, new Date('2025-04-05T00:00:00.000Z'))).toBe(0);
  });

  it('leaves late fees and their waivers out', () => {
    const fee = journal({ journalId: 'f1', kind: 'late_fee', occurredAt: '2025-02-07T05:00:00.000Z', receivableCents: 5_000 });
    expect(rentUnpaidCents([fee, march, paid('2025-03-02T12:00:00.000Z')], marchChargedAt, new Date('2025-03-07T05:00:00.000Z'))).toBe(0);
  });

  it('counts a bank debit sent before the instant, and a failed one after it is returned', () => {
    const sent = paid('2025-03-06T23:00:00.000Z');
    const failed = journal({ journalId: 'x', kind: 'bank_debit_failed', occurredAt: '2025-03-11T15:00:00.000Z', paidCents: -150_000, correctsJournalId: sent.journalId });
    expect(rentUnpaidCents([march, sent, failed], marchChargedAt, new Date('2025-03-07T05:00:00.000Z'))).toBe(0);
    expect(rentUnpaidCents([march, sent, failed], marchChargedAt, new Date('2025-03-12T04:00:00.000Z'))).toBe(150_000);
  });
});

describe('lateFeesDue', () => {
  it('charges nothing before the start of the day after the grace period, then the fee once', () => {
    expect(plan([march], flat, '2025-03-07T04:59:59.999Z')).toEqual({ fees: [], settled: null });
    expect(plan([march], flat, '2025-03-07T05:00:00.000Z')).toEqual({
      fees: [{ day: 1, amountCents: 5_000, occurredAt: new Date('2025-03-07T05:00:00.000Z') }],
      settled: 'charged_in_full',
    });
  });

  it('charges nothing when the rent was paid on the last day of grace', () => {
    expect(plan([march, paid('2025-03-07T04:59:00.000Z')], flat, '2025-03-20T00:00:00.000Z')).toEqual({ fees: [], settled: 'on_time' });
  });

  it('charges a fee when only part of the rent was paid', () => {
    expect(plan([march, paid('2025-03-05T12:00:00.000Z', 149_999)], flat, '2025-03-08T00:00:00.000Z').fees).toHaveLength(1);
  });

  it('adds the daily amount each further day, up to the monthly cap', () => {
    const { fees, settled } = plan([march], daily, '2025-03-31T12:00:00.000Z');
    expect(fees.map((fee) => [fee.day, fee.amountCents, fee.occurredAt.toISOString()])).toEqual([
      [1, 5_000, '2025-03-07T05:00:00.000Z'],
      [2, 1_000, '2025-03-08T05:00:00.000Z'],
      // Daylight saving begins on March 9th: the day starts at 04:00 UTC from then.
      [3, 1_000, '2025-03-09T05:00:00.000Z'],
      [4, 1_000, '2025-03-10T04:00:00.000Z'],
      [5, 1_000, '2025-03-11T04:00:00.000Z'],
      [6, 1_000, '2025-03-12T04:00:00.000Z'],
    ]);
    expect(settled).toBe('charged_in_full');
  });

  it('stops the daily amount on the day the rent is paid by', () => {
    const journals = [march, paid('2025-03-09T15:00:00.000Z')];
    const { fees, settled } = plan(journals, daily, '2025-03-20T00:00:00.000Z');
    expect(fees.map((fee) => fee.day)).toEqual([1, 2, 3]);
    expect(settled).toBe('paid');
  });

  it('goes on from what is posted, and stops at a cap that is not a whole number of days', () => {
    const capped = { ...daily, monthlyCapCents: 7_500 };
    expect(plan([march], capped, '2025-03-08T12:00:00.000Z', { lastDayPosted: 1, postedCents: 5_000 })).toEqual({
      fees: [{ day: 2, amountCents: 1_000, occurredAt: new Date('2025-03-08T05:00:00.000Z') }],
      settled: null,
    });
    const { fees, settled } = plan([march], capped, '2025-03-31T12:00:00.000Z', { lastDayPosted: 2, postedCents: 6_000 });
    expect(fees.map((fee) => [fee.day, fee.amountCents])).toEqual([
      [3, 1_000],
      [4, 500],
    ]);
    expect(settled).toBe('charged_in_full');
  });

  it('takes the percentage of the full rent, half a cent up', () => {
    const percent = { ...flat, flatCents: 0, percentBasisPoints: 333 };
    // 3.33% of $1,500.00 = $49.95.
    expect(plan([march], percent, '2025-03-08T00:00:00.000Z').fees[0].amountCents).toBe(4_995);
  });

  it('charges nothing when late fees are off', () => {
    expect(plan([march], { ...flat, flatCents: 0 }, '2025-04-08T00:00:00.000Z')).toEqual({ fees: [], settled: null });
  });
});
