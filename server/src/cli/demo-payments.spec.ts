import { platformFeeCentsAt, TENANT_PROCESSING_FEE_CENTS } from '@rentwise/libs/fees';
import { demoPayments } from './demo-payments';

describe('demo payments', () => {
  const payments = demoPayments(145_000, new Date(Date.UTC(2019, 9, 1)), new Date('2026-11-23T12:00:00Z'), 7);
  const unix = (date: Date) => Math.floor(date.getTime() / 1000);

  it('cover every fee era of the schedule', () => {
    const fees = new Set(payments.map((payment) => platformFeeCentsAt(unix(payment.paidAt))));
    expect([...fees].sort((a, b) => a - b)).toEqual([100, 199, 699]);
  });

  it('add the processing fee only from July 1st 2023', () => {
    for (const payment of payments) {
      const base = payment.chargedCents % 100 === TENANT_PROCESSING_FEE_CENTS % 100;
      expect(base).toBe(payment.paidAt >= new Date('2023-07-01T00:00:00Z'));
    }
  });

  it('include payments after the 10th and part payments, and nothing in the future', () => {
    expect(payments.some((payment) => payment.paidAt.getUTCDate() > 10)).toBe(true);
    expect(payments.some((payment, i) => i > 0 && payments[i - 1].forMonth.month === payment.forMonth.month)).toBe(true);
    expect(payments.every((payment) => payment.paidAt <= new Date('2026-11-23T12:00:00Z'))).toBe(true);
  });

  it('are the same every time', () => {
    expect(demoPayments(145_000, new Date(Date.UTC(2019, 9, 1)), new Date('2026-11-23T12:00:00Z'), 7)).toEqual(payments);
  });
});
