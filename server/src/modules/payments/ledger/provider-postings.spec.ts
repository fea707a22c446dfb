import {
  disputeLossEntries,
  disputeReinstatementEntries,
  disputeWithdrawalEntries,
  PostingEntry,
  refundEntries,
  refundFailureEntries,
} from './provider-postings';

const sum = (entries: PostingEntry[]) => entries.reduce((total, entry) => total + entry.amountCents, 0);

describe('provider postings', () => {
  it('gives a refund back to the card out of the landlord, keeping our fee', () => {
    expect(refundEntries(50_000)).toEqual([
      { account: 'tenant_card', amountCents: 50_000 },
      { account: 'landlord_payable', amountCents: -50_000 },
    ]);
  });

  it('undoes a failed refund exactly, giving the money back to the landlord', () => {
    expect(sum([...refundEntries(123), ...refundFailureEntries(123)])).toBe(0);
    expect(refundFailureEntries(123)).toEqual([
      { account: 'tenant_card', amountCents: -123 },
      { account: 'landlord_payable', amountCents: 123 },
    ]);
  });

  it('holds a disputed amount and charges the landlord the dispute fee', () => {
    expect(disputeWithdrawalEntries(150_699, 1500)).toEqual([
      { account: 'landlord_payable', amountCents: -152_199 },
      { account: 'disputed', amountCents: 150_699 },
      { account: 'dispute_fees', amountCents: 1500 },
    ]);
  });

  it('writes no fee entry when the provider charged none', () => {
    expect(disputeWithdrawalEntries(100, 0)).toHaveLength(2);
    expect(disputeReinstatementEntries(100, 0)).toHaveLength(2);
  });

  it('releases a won dispute to the landlord and a lost one to the card holder', () => {
    expect(disputeReinstatementEntries(150_699, 1500)).toEqual([
      { account: 'disputed', amountCents: -150_699 },
      { account: 'landlord_payable', amountCents: 152_199 },
      { account: 'dispute_fees', amountCents: -1500 },
    ]);
    expect(disputeLossEntries(150_699)).toEqual([
      { account: 'disputed', amountCents: -150_699 },
      { account: 'tenant_card', amountCents: 150_699 },
    ]);
  });

  it.each([
    ['refundEntries', () => refundEntries(0)],
    ['refundFailureEntries', () => refundFailureEntries(-1)],
    ['disputeWithdrawalEntries', () => disputeWithdrawalEntries(10, -1)],
    ['disputeReinstatementEntries', () => disputeReinstatementEntries(10, -1)],
    ['disputeLossEntries', () => disputeLossEntries(1.5)],
  ])('%s refuses amounts that are not positive whole cents', (_name, post) => {
    expect(post).toThrow(RangeError);
  });

  it.each([
    ['a refund', () => refundEntries(0), 'A refund must be more than zero: 0'],
    ['a failed refund', () => refundFailureEntries(-1), 'A failed refund must be more than zero: -1'],
    ['a dispute withdrawal', () => disputeWithdrawalEntries(0, 1500), 'A dispute withdrawal must be more than zero: 0'],
    ['a dispute fee', () => disputeWithdrawalEntries(10, -1), 'A dispute fee cannot be negative: -1'],
    ['a dispute reinstatement', () => disputeReinstatementEntries(-5, 0), 'A dispute reinstatement must be more than zero: -5'],
    ['a returned dispute fee', () => disputeReinstatementEntries(10, -1500), 'A returned fee cannot be negative: -1500'],
    ['a lost dispute', () => disputeLossEntries(0), 'A lost dispute must be more than zero: 0'],
  ])('names what was refused, and the amount, for %s', (_what, post, message) => {
    expect(post).toThrow(new RangeError(message));
  });

  it('balances every posting', () => {
    for (const entries of [refundEntries(7), refundFailureEntries(7), disputeWithdrawalEntries(7, 3), disputeReinstatementEntries(7, 3), disputeLossEntries(7)]) {
      expect(sum(entries)).toBe(0);
    }
  });
});
