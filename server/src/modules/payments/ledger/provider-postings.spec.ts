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

  it('undoes a failed refund exactly', () => {
    expect(sum([...refundEntries(123), ...refundFailureEntries(123)])).toBe(0);
    expect(refundFailureEntries(123).map((entry) => entry.amountCents)).toEqual([-123, 123]);
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
    ['disputeLossEntries', () => disputeLossEntries(1.5)],
  ])('%s refuses amounts that are not positive whole cents', (_name, post) => {
    expect(post).toThrow(RangeError);
  });

  it('balances every posting', () => {
    for (const entries of [refundEntries(7), refundFailureEntries(7), disputeWithdrawalEntries(7, 3), disputeReinstatementEntries(7, 3), disputeLossEntries(7)]) {
      expect(sum(entries)).toBe(0);
    }
  });
});
