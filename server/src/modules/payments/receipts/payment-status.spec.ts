import { paymentStatusOf } from './payment-status';

describe('paymentStatusOf', () => {
  it('is paid with no corrections', () => {
    expect(paymentStatusOf({ refunds: 0, disputes: 0, disputesWon: 0 })).toBe('succeeded');
  });

  it('is refunded once a refund went through', () => {
    expect(paymentStatusOf({ refunds: 1, disputes: 0, disputesWon: 0 })).toBe('refunded');
  });

  it('is disputed while a dispute is open or lost, even when also refunded', () => {
    expect(paymentStatusOf({ refunds: 0, disputes: 1, disputesWon: 0 })).toBe('disputed');
    expect(paymentStatusOf({ refunds: 1, disputes: 1, disputesWon: 0 })).toBe('disputed');
  });

  it('is paid again after the dispute was won', () => {
    expect(paymentStatusOf({ refunds: 0, disputes: 1, disputesWon: 1 })).toBe('succeeded');
  });
});
