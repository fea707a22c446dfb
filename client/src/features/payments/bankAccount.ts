import type { LinkedBankAccount } from '../../components/bankAccount';
import type { PaymentSetup } from './paymentsApi';

/** The account a bank debit is taken from: one just linked, or one the tenant saved before. */
export type ChosenBankAccount =
  | ({ kind: 'linked'; saveForLater: boolean } & LinkedBankAccount)
  | { kind: 'saved'; savedAccountId: string; bankName: string; last4: string };

/**
 * Whether the screen offers Bank account beside Card: when the landlord can take bank debits, linked
 * through the sandbox's stand-in, or through Stripe's Financial Connections, which needs Stripe.js and
 * so the publishable key.
 */
export function offersBankDebit(setup: PaymentSetup): boolean {
  const bankDebit = setup.bankDebit;
  if (!bankDebit) return false;
  return bankDebit.linkWith === 'sandbox' || Boolean(setup.publishableKey);
}
