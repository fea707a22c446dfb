import { BANK_DEBIT_FAILURES, bankDebitFailureReason, bankDebitMandateText, bankPaymentLabel, blocksBankAccount } from './bank-debits';
import { SANDBOX_TEST_BANK_ACCOUNTS, sandboxTestBankAccount } from './sandbox-bank-accounts';

describe('bank debit failures', () => {
  it('reads each provider code in plain words, and an unknown one as the generic return', () => {
    expect(bankDebitFailureReason('insufficient_funds')).toBe('The bank says there are not enough funds in this account.');
    expect(bankDebitFailureReason('account_closed')).toBe('The bank says this account is closed.');
    expect(bankDebitFailureReason('something_new')).toBe(BANK_DEBIT_FAILURES.generic);
    expect(bankDebitFailureReason(null)).toBe(BANK_DEBIT_FAILURES.generic);
  });

  it('blocks an account the bank says must not be debited again, but not one short of funds', () => {
    for (const code of ['account_closed', 'no_account', 'debit_not_authorized', 'invalid_account_number', 'bank_account_restricted', 'disputed']) {
      expect(blocksBankAccount(code)).toBe(true);
    }
    expect(blocksBankAccount('insufficient_funds')).toBe(false);
    expect(blocksBankAccount('generic')).toBe(false);
    expect(blocksBankAccount(null)).toBe(false);
  });

  it('gives every failing sandbox test account a code with its own words', () => {
    for (const account of SANDBOX_TEST_BANK_ACCOUNTS) {
      if (account.outcome.kind === 'fails') expect(BANK_DEBIT_FAILURES[account.outcome.failureCode]).toBeDefined();
    }
    expect(sandboxTestBankAccount('000222222227')?.outcome).toEqual({ kind: 'fails', failureCode: 'insufficient_funds' });
    expect(sandboxTestBankAccount('000123456780')).toBeUndefined();
  });
});

describe('the bank debit authorization', () => {
  it('names who is debited, by whom, which account, how much, for what, and how to cancel', () => {
    const text = bankDebitMandateText({
      tenantName: 'Sam Rivera',
      landlordName: 'Dana Whitaker',
      propertyAddress: '123 Main St, Springfield, IL 62704',
      bankName: 'STRIPE TEST BANK',
      last4: '6789',
      chargedCents: 185_000,
    });
    expect(text).toContain('I, Sam Rivera, authorize Dana Whitaker, through Rentwise and its payment processor Stripe,');
    expect(text).toContain('to debit my STRIPE TEST BANK account ending in 6789 once, for $1,850.00,');
    expect(text).toContain('to pay rent for 123 Main St, Springfield, IL 62704.');
    expect(text).toContain('I can cancel it by contacting Dana Whitaker or Rentwise support before it settles.');
  });
});

describe('bankPaymentLabel', () => {
  it('names a bank debit by its account’s last four digits, as a card is named by its brand', () => {
    expect(bankPaymentLabel('6789')).toBe('Bank payment •••• 6789');
  });

  it('says only that it was a bank payment when the digits are not known', () => {
    expect(bankPaymentLabel(null)).toBe('Bank payment');
  });
});
