import type { BankDebitFailureCode } from './bank-debits';

/**
 * Stripe's test bank accounts (https://docs.stripe.com/payments/ach-direct-debit/accept-a-payment#test-account-numbers),
 * which the offline sandbox honours exactly as Stripe's test mode does, and which its stand-in for
 * the bank link page offers as "Test Institution" accounts. Shared: the stand-in page (client) lists
 * them, the sandbox provider (server) debits them.
 */
export const SANDBOX_ROUTING_NUMBER = '110000000';
export const SANDBOX_BANK_NAME = 'STRIPE TEST BANK';

export type SandboxDebitOutcome =
  /** Settles. */
  | { kind: 'succeeds' }
  /** Fails when the bank answers, with this code. */
  | { kind: 'fails'; failureCode: BankDebitFailureCode }
  /** Settles, then the account holder disputes it (a return after success). */
  | { kind: 'disputed' }
  /** Never settles: stays processing until someone settles or returns it by hand. */
  | { kind: 'stays_processing' };

export interface SandboxTestBankAccount {
  accountNumber: string;
  /** How the stand-in page names it. */
  label: string;
  outcome: SandboxDebitOutcome;
}

export const SANDBOX_TEST_BANK_ACCOUNTS: readonly SandboxTestBankAccount[] = [
  { accountNumber: '000123456789', label: 'Checking: payment succeeds', outcome: { kind: 'succeeds' } },
  { accountNumber: '000111111113', label: 'Checking: account closed', outcome: { kind: 'fails', failureCode: 'account_closed' } },
  { accountNumber: '000111111116', label: 'Checking: no account', outcome: { kind: 'fails', failureCode: 'no_account' } },
  { accountNumber: '000222222227', label: 'Checking: insufficient funds', outcome: { kind: 'fails', failureCode: 'insufficient_funds' } },
  { accountNumber: '000333333335', label: 'Checking: debit not authorized', outcome: { kind: 'fails', failureCode: 'debit_not_authorized' } },
  { accountNumber: '000555555559', label: 'Checking: succeeds, then disputed', outcome: { kind: 'disputed' } },
  { accountNumber: '000000000009', label: 'Checking: stays processing', outcome: { kind: 'stays_processing' } },
];

export function sandboxTestBankAccount(accountNumber: string): SandboxTestBankAccount | undefined {
  return SANDBOX_TEST_BANK_ACCOUNTS.find((account) => account.accountNumber === accountNumber);
}

/** Stripe's microdeposit descriptor codes in test mode: what entering each does. */
export const SANDBOX_MICRODEPOSIT_CODES = {
  SM11AA: 'verifies',
  SM33CC: 'too_many_attempts',
  SM44DD: 'expired',
} as const;

/** The stand-in's words, as Stripe's for each refusal. */
export const SANDBOX_BANK_LINK_MESSAGES = {
  routingNumber: `Test mode: use the routing number ${SANDBOX_ROUTING_NUMBER}.`,
  accountNumber: 'Test mode: use one of the test account numbers, for example 000123456789.',
  holderName: "Please enter the account holder's name.",
  wrongCode: 'The code you entered is incorrect. Please check the bank statement and try again.',
  tooManyAttempts: 'Too many attempts to verify this account. Please link it again.',
  expired: 'The microdeposits for this account have expired. Please link it again.',
} as const;
