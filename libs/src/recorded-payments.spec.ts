import { MESSAGES } from './messages';
import { isCalendarDate, receivedOnProblem, recordedPaymentDescription, recordedPaymentMethodLabel } from './recorded-payments';

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
