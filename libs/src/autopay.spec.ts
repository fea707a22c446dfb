import {
  autopayAmountCents,
  autopayCardAuthorizationText,
  autopayDebitAt,
  autopayDueCents,
  monthsThrough,
  autopayMandateText,
  autopayNoticeAt,
  autopayRetries,
  autopayWindowEnd,
  isAutopayDaysBeforeDue,
  nextAutopayMonth,
  ordinal,
} from './autopay';
import { autopayMethodOf, autopaySettingsSchema } from './schemas/autopay.schema';

const NY = 'America/New_York';

describe('autopay', () => {
  it('debits at 6:00 on its day before the due day, which may be in the month before', () => {
    expect(autopayDebitAt({ year: 2027, month: 1 }, 1, 3, NY).toISOString()).toBe('2026-12-29T11:00:00.000Z');
    expect(autopayDebitAt({ year: 2027, month: 7 }, 5, 0, NY).toISOString()).toBe('2027-07-05T10:00:00.000Z');
  });

  it('notices three days before the debit at 9:00', () => {
    expect(autopayNoticeAt({ year: 2027, month: 1 }, 1, 3, NY).toISOString()).toBe('2026-12-26T14:00:00.000Z');
  });

  it('lets a month run until its due day ends', () => {
    expect(autopayWindowEnd({ year: 2027, month: 1 }, 1, NY).toISOString()).toBe('2027-01-02T05:00:00.000Z');
  });

  it('picks the next month whose debit is ahead or running, never one that began before autopay was on', () => {
    const schedule = { dueDay: 1, daysBeforeDue: 3, timeZone: NY, turnedOnAt: new Date('2026-12-01T00:00:00Z') };
    // On 20 December the January debit (29 December) is next.
    expect(nextAutopayMonth(new Date('2026-12-20T12:00:00Z'), schedule, { year: 2026, month: 12 })).toEqual({ year: 2027, month: 1 });
    // On 30 December January's window is open still (until 2 January).
    expect(nextAutopayMonth(new Date('2026-12-30T12:00:00Z'), schedule, { year: 2026, month: 12 })).toEqual({ year: 2027, month: 1 });
    // Turned on after January's debit time: February is the first.
    const late = { ...schedule, turnedOnAt: new Date('2026-12-30T12:00:00Z') };
    expect(nextAutopayMonth(new Date('2026-12-30T12:00:00Z'), late, { year: 2026, month: 12 })).toEqual({ year: 2027, month: 2 });
  });

  it('takes what is due, the month’s rent when not charged yet, never more than due', () => {
    expect(autopayDueCents(0, [185_000])).toBe(185_000);
    expect(autopayDueCents(185_000, [])).toBe(185_000);
    expect(autopayDueCents(47_500, [145_000, 145_000])).toBe(337_500);
    expect(autopayDueCents(-200_000, [185_000])).toBe(0);
    expect(monthsThrough({ year: 2026, month: 11 }, { year: 2027, month: 1 })).toEqual([
      { year: 2026, month: 11 },
      { year: 2026, month: 12 },
      { year: 2027, month: 1 },
    ]);
    expect(monthsThrough({ year: 2027, month: 2 }, { year: 2027, month: 1 })).toEqual([]);
    expect(autopayAmountCents({ kind: 'balance' }, 50_000)).toBe(50_000);
    expect(autopayAmountCents({ kind: 'fixed', cents: 100_000 }, 50_000)).toBe(50_000);
    expect(autopayAmountCents({ kind: 'fixed', cents: 10_000 }, 50_000)).toBe(10_000);
  });

  it('retries once only a bank debit returned for insufficient funds', () => {
    expect(autopayRetries('insufficient_funds', 'bank_debit', 1)).toBe(true);
    expect(autopayRetries('insufficient_funds', 'bank_debit', 2)).toBe(false);
    expect(autopayRetries('account_closed', 'bank_debit', 1)).toBe(false);
    expect(autopayRetries('card_declined', 'card', 1)).toBe(false);
  });

  it('says the day, amount, notice and how to stop it in the mandate', () => {
    const text = autopayMandateText({
      tenantName: 'Tia Tenant',
      landlordName: 'Lee Landlord',
      propertyAddress: '1 Main St, Springfield, IL 62701',
      bankName: 'STRIPE TEST BANK',
      last4: '6789',
      amount: { kind: 'balance' },
      daysBeforeDue: 3,
      dueDay: 1,
    });
    expect(text).toContain('every month, 3 days before rent is due on the 1st of the month');
    expect(text).toContain('for the balance due on that day');
    expect(text).toContain('at least 7 days before');
    expect(text).toContain('revoke this authorization at any time');
    expect(ordinal(2)).toBe('2nd');
    expect(ordinal(3)).toBe('3rd');
    expect(ordinal(11)).toBe('11th');
  });

  it('says which card is charged without the tenant, the card fee and how to stop it in the card authorization', () => {
    const text = autopayCardAuthorizationText({
      tenantName: 'Tia Tenant',
      landlordName: 'Lee Landlord',
      propertyAddress: '1 Main St, Springfield, IL 62701',
      brand: 'visa',
      last4: '4242',
      amount: { kind: 'fixed', cents: 150_000 },
      daysBeforeDue: 0,
      dueDay: 5,
      processingFeeCents: 699,
    });
    expect(text).toContain('to charge my Visa card ending in 4242 every month, on the 5th of the month, when rent is due,');
    expect(text).toContain('for $1,500.00, or the balance due if it is less, plus the $6.99 card processing fee');
    expect(text).toContain('while I am not present');
    expect(text).toContain('emailed the date and amount 3 days before each payment');
    expect(text).toContain('revoke this authorization at any time');
    expect(text).not.toContain('settles');
  });

  it('accepts 0 to 12 days before and a fixed amount of at least $1', () => {
    expect(isAutopayDaysBeforeDue(12)).toBe(true);
    expect(isAutopayDaysBeforeDue(13)).toBe(false);
    const valid = {
      savedBankAccountId: '7d1e0a3c-4b8f-4a6e-9c2d-1f0e5a6b7c8d',
      daysBeforeDue: 3,
      amount: { kind: 'fixed', cents: 100 },
      mandate: { accepted: true, version: 'x' },
    };
    expect(autopaySettingsSchema.safeParse(valid).success).toBe(true);
    expect(autopaySettingsSchema.safeParse({ ...valid, daysBeforeDue: 13 }).error?.issues[0].message).toBe('Please choose from the due day to 12 days before it.');
    expect(autopaySettingsSchema.safeParse({ ...valid, amount: { kind: 'fixed', cents: 99 } }).success).toBe(false);
    expect(autopaySettingsSchema.safeParse({ ...valid, mandate: { accepted: false, version: 'x' } }).success).toBe(false);
  });

  it('pays from one saved bank account or card, named by method or by savedBankAccountId as before', () => {
    const id = '7d1e0a3c-4b8f-4a6e-9c2d-1f0e5a6b7c8d';
    const terms = { daysBeforeDue: 3, amount: { kind: 'balance' }, mandate: { accepted: true, version: 'x' } };
    const parse = (settings: object) => autopaySettingsSchema.safeParse({ ...terms, ...settings });
    expect(autopayMethodOf(parse({ savedBankAccountId: id }).data!)).toEqual({ kind: 'bank_account', savedBankAccountId: id });
    expect(autopayMethodOf(parse({ method: { kind: 'card', savedCardId: id } }).data!)).toEqual({ kind: 'card', savedCardId: id });
    expect(parse({ method: { kind: 'bank_account', savedBankAccountId: id } }).success).toBe(true);
    const missing = 'Please choose one saved bank account or card for autopay.';
    expect(parse({}).error?.issues[0].message).toBe(missing);
    expect(parse({ savedBankAccountId: id, method: { kind: 'card', savedCardId: id } }).error?.issues[0].message).toBe(missing);
    expect(parse({ method: { kind: 'cash' } }).error?.issues[0].message).toBe(missing);
    expect(parse({ method: { kind: 'card', savedCardId: 'pm_123' } }).error?.issues[0].message).toBe('This saved card is no longer available. Please refresh the page.');
    expect(parse({ method: { kind: 'card', savedCardId: id, number: '4242424242424242' } }).success).toBe(false);
  });
});
