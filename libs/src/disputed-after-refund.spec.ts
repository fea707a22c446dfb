import { disputedAfterRefundNote, disputedAfterRefundOf, type PaymentCorrection } from './disputed-after-refund';

const at = (day: number, hour = 12): Date => new Date(Date.UTC(2026, 10, day, hour));
const refund = (amountCents: number, day: number, reference: string | null = `re_${day}`): PaymentCorrection => ({
  kind: 'refund',
  amountCents,
  occurredAt: at(day),
  reference,
});
const dispute = (kind: 'dispute' | 'dispute_won' | 'dispute_lost', amountCents: number, day: number, hour = 12): PaymentCorrection => ({
  kind,
  amountCents,
  occurredAt: at(day, hour),
});

describe('disputedAfterRefundOf', () => {
  it('flags a payment refunded in full and then disputed, with the whole held amount at risk', () => {
    expect(disputedAfterRefundOf([refund(150_699, 3), dispute('dispute', 150_699, 9)])).toEqual({
      refunds: [{ amountCents: 150_699, refundedAt: at(3), reference: 're_3' }],
      refundedCents: 150_699,
      lastRefundedAt: at(3),
      disputeOpenedAt: at(9),
      disputedCents: 150_699,
      atRiskCents: 150_699,
    });
  });

  it('flags a payment refunded in part; only the refunded part would be paid back twice', () => {
    const flag = disputedAfterRefundOf([refund(10_000, 2), refund(5_000, 4), dispute('dispute', 150_699, 9)]);
    expect(flag).toMatchObject({ refundedCents: 15_000, lastRefundedAt: at(4), disputedCents: 150_699, atRiskCents: 15_000 });
    expect(flag?.refunds.map((one) => one.reference)).toEqual(['re_2', 're_4']);
  });

  it('reads the corrections in time order whatever order they come in', () => {
    expect(disputedAfterRefundOf([dispute('dispute', 150_699, 9), refund(150_699, 3)])).toMatchObject({ disputeOpenedAt: at(9) });
  });

  it('counts a refund made at the very moment the dispute opened as made before it', () => {
    expect(disputedAfterRefundOf([dispute('dispute', 1_000, 9), refund(1_000, 9)])).toMatchObject({ refundedCents: 1_000 });
  });

  it('is nothing without a refund, or without a dispute', () => {
    expect(disputedAfterRefundOf([])).toBeNull();
    expect(disputedAfterRefundOf([dispute('dispute', 150_699, 9)])).toBeNull();
    expect(disputedAfterRefundOf([refund(150_699, 3)])).toBeNull();
  });

  it('is nothing once the dispute is won or lost', () => {
    expect(disputedAfterRefundOf([refund(150_699, 3), dispute('dispute', 150_699, 9), dispute('dispute_won', 150_699, 20)])).toBeNull();
    expect(disputedAfterRefundOf([refund(150_699, 3), dispute('dispute', 150_699, 9), dispute('dispute_lost', 150_699, 20)])).toBeNull();
  });

  it('closes a dispute given back at the same instant it was withdrawn', () => {
    expect(disputedAfterRefundOf([refund(500, 3), dispute('dispute_won', 500, 9), dispute('dispute', 500, 9)])).toBeNull();
  });

  it('stays flagged while part of the dispute is still held, with that part at risk', () => {
    const flag = disputedAfterRefundOf([refund(150_699, 3), dispute('dispute', 150_699, 9), dispute('dispute_won', 100_000, 12)]);
    expect(flag).toMatchObject({ disputedCents: 50_699, atRiskCents: 50_699, disputeOpenedAt: at(9) });
  });

  it('ignores a refund made after the open dispute began', () => {
    expect(disputedAfterRefundOf([dispute('dispute', 150_699, 9), refund(150_699, 10)])).toBeNull();
  });

  it('dates a second dispute from its own opening, not from an earlier one that closed', () => {
    const corrections = [
      dispute('dispute', 150_699, 2),
      dispute('dispute_won', 150_699, 5),
      refund(150_699, 7),
      dispute('dispute', 150_699, 9),
    ];
    expect(disputedAfterRefundOf(corrections)).toMatchObject({ disputeOpenedAt: at(9), refundedCents: 150_699 });
    // The refund came after the first dispute opened, but before the second: that one is flagged.
    expect(disputedAfterRefundOf(corrections.slice(0, 3))).toBeNull();
  });

  it('never counts more held than was withdrawn', () => {
    expect(disputedAfterRefundOf([refund(1_000, 3), dispute('dispute_lost', 5_000, 4), dispute('dispute', 1_000, 9)])).toMatchObject({
      disputedCents: 1_000,
      disputeOpenedAt: at(9),
    });
  });
});

describe('disputedAfterRefundNote', () => {
  it('tells the landlord what happened and what to answer', () => {
    expect(disputedAfterRefundNote('landlord', 'Nov 3, 2026')).toBe(
      "This payment was refunded on Nov 3, 2026 and the cardholder has also disputed it. Answer the dispute with the refund's proof to get the disputed amount back.",
    );
  });

  it('tells the tenant what happened', () => {
    expect(disputedAfterRefundNote('tenant', 'Nov 3, 2026')).toBe('This payment was refunded on Nov 3, 2026 and has also been disputed with the card\'s bank.');
  });
});
