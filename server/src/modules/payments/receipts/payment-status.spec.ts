import { type PaymentCorrections, paymentStatusOf, RECEIPT_STATUS_WORDS } from './payment-status';

const card = (corrections: Partial<PaymentCorrections> = {}): PaymentCorrections => ({
  recorded: false,
  recordedVoids: 0,
  refunds: 0,
  refundedCents: 0,
  chargedCents: 150_699,
  disputes: 0,
  disputesWon: 0,
  bankDebit: false,
  bankDebitsSettled: 0,
  bankDebitsFailed: 0,
  ...corrections,
});
const bankDebit = (corrections: Partial<PaymentCorrections> = {}): PaymentCorrections => card({ bankDebit: true, ...corrections });

describe('paymentStatusOf', () => {
  it('is paid with no corrections', () => {
    expect(paymentStatusOf(card())).toBe('succeeded');
  });

  it('is refunded once refunds gave all of it back, partly refunded before', () => {
    expect(paymentStatusOf(card({ refunds: 1, refundedCents: 150_699 }))).toBe('refunded');
    expect(paymentStatusOf(card({ refunds: 2, refundedCents: 150_699 }))).toBe('refunded');
    expect(paymentStatusOf(card({ refunds: 1, refundedCents: 50_000 }))).toBe('partly_refunded');
  });

  it('is disputed while a dispute is open or lost, even when also refunded', () => {
    expect(paymentStatusOf(card({ disputes: 1 }))).toBe('disputed');
    expect(paymentStatusOf(card({ refunds: 1, disputes: 1 }))).toBe('disputed');
  });

  it('is recorded by the landlord until the landlord voids it', () => {
    expect(paymentStatusOf(card({ recorded: true }))).toBe('recorded');
    expect(paymentStatusOf(card({ recorded: true, recordedVoids: 1 }))).toBe('voided');
  });

  it('is paid again after the dispute was won', () => {
    expect(paymentStatusOf(card({ disputes: 1, disputesWon: 1 }))).toBe('succeeded');
  });

  it('is processing while a bank debit has neither settled nor failed', () => {
    expect(paymentStatusOf(bankDebit())).toBe('processing');
  });

  it('is paid once a bank debit settled, and disputed when it is returned after that', () => {
    expect(paymentStatusOf(bankDebit({ bankDebitsSettled: 1 }))).toBe('succeeded');
    expect(paymentStatusOf(bankDebit({ bankDebitsSettled: 1, disputes: 1 }))).toBe('disputed');
  });

  it('is failed once the bank refused the debit', () => {
    expect(paymentStatusOf(bankDebit({ bankDebitsFailed: 1 }))).toBe('failed');
  });

  it('has a receipt word for every status', () => {
    expect(RECEIPT_STATUS_WORDS).toEqual({
      processing: 'Processing',
      succeeded: 'Paid',
      refunded: 'Refunded',
      partly_refunded: 'Partly refunded',
      disputed: 'Disputed',
      failed: 'Failed',
      recorded: 'Recorded by landlord',
      voided: 'Voided',
    });
  });
});
