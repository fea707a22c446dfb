import { formatCents, type Cents } from './money';

/**
 * Paying rent from a bank account (ACH debit, issue 35): the rules both sides share. A bank debit is
 * Processing from the moment the tenant pays until the bank settles it (about 4 business days), then
 * Paid, or Failed with the bank's reason. Decisions 0037 (ledger) and 0038 (mandate, fee, saved accounts).
 */

/** The bank fee the tenant pays on a bank debit when the platform sets none (BANK_DEBIT_FEE_CENTS). */
export const DEFAULT_BANK_DEBIT_FEE_CENTS: Cents = 0;

/** 'Bank payment •••• 6789': how a deposit's line names a bank debit, where a card's says 'Visa •••• 4242'. */
export function bankPaymentLabel(last4: string | null): string {
  return last4 ? `Bank payment •••• ${last4}` : 'Bank payment';
}

/** Business days the bank usually takes, as the payment screen and the receipt say it. */
export const BANK_DEBIT_SETTLEMENT_BUSINESS_DAYS = 4;

/**
 * The provider's failure codes for a bank debit (Stripe's ACH failure codes) and what the tenant and
 * the landlord read. Unknown codes read as the generic one.
 */
export const BANK_DEBIT_FAILURES = {
  insufficient_funds: 'The bank says there are not enough funds in this account.',
  account_closed: 'The bank says this account is closed.',
  no_account: 'The bank could not find this account.',
  debit_not_authorized: 'The bank says the account holder did not authorize this debit.',
  invalid_account_number: 'The bank says the account number is not valid.',
  bank_account_restricted: 'The bank does not allow debits from this account.',
  disputed: 'The account holder asked their bank to return this payment.',
  generic: 'The bank returned this payment.',
} as const;

export type BankDebitFailureCode = keyof typeof BANK_DEBIT_FAILURES;

export function bankDebitFailureReason(code: string | null | undefined): string {
  return code && code in BANK_DEBIT_FAILURES ? BANK_DEBIT_FAILURES[code as BankDebitFailureCode] : BANK_DEBIT_FAILURES.generic;
}

/**
 * After these the account cannot be debited again (Nacha: a closed, missing or unauthorised account
 * must not be retried): it is blocked for every tenant of ours. Insufficient funds is not: the next
 * month may be fine.
 */
const BLOCKING_FAILURES: ReadonlySet<string> = new Set([
  'account_closed',
  'no_account',
  'debit_not_authorized',
  'invalid_account_number',
  'bank_account_restricted',
  'disputed',
]);

export function blocksBankAccount(code: string | null | undefined): boolean {
  return code !== null && code !== undefined && BLOCKING_FAILURES.has(code);
}

/** The mandate's wording, versioned: the stored text is what the tenant read, the version says which template. */
export const BANK_DEBIT_MANDATE_VERSION = '2026-11-28';

export interface BankDebitMandateTerms {
  /** The account holder: the signed-in tenant's name. */
  tenantName: string;
  /** Who debits: the landlord (the merchant of record on a direct charge). */
  landlordName: string;
  propertyAddress: string;
  bankName: string;
  last4: string;
  chargedCents: Cents;
}

/**
 * The one-time debit authorisation the tenant accepts before paying: who is debited, by whom, for
 * what, and how to cancel. The server renders it from its own data and stores that text.
 */
export function bankDebitMandateText(terms: BankDebitMandateTerms): string {
  return [
    `By selecting Pay, I, ${terms.tenantName}, authorize ${terms.landlordName}, through Rentwise and its payment processor Stripe,`,
    `to debit my ${terms.bankName} account ending in ${terms.last4} once, for ${formatCents(terms.chargedCents)},`,
    `to pay rent for ${terms.propertyAddress}.`,
    `The debit is sent to my bank today and usually settles within ${BANK_DEBIT_SETTLEMENT_BUSINESS_DAYS} business days.`,
    `I can cancel it by contacting ${terms.landlordName} or Rentwise support before it settles.`,
    `If the debit is returned, my bank may charge me a fee.`,
  ].join(' ');
}
