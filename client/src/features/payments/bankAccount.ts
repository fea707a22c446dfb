import type { PaymentSetup } from './paymentsApi';

/** The account a bank debit is taken from: one just linked, or one the tenant saved before. */
export type ChosenBankAccount =
  | {
      kind: 'linked';
      /** The provider's payment method id from the bank link step: the only thing of the account our API gets. */
      paymentMethodId: string;
      bankName: string;
      last4: string;
      saveForLater: boolean;
    }
  | { kind: 'saved'; savedAccountId: string; bankName: string; last4: string };

/** What a bank link step reports once the provider verified the account. */
export interface LinkedBankAccount {
  paymentMethodId: string;
  bankName: string;
  last4: string;
}

/** 'STRIPE TEST BANK ••••6789': all the product ever shows of an account. */
export const bankAccountLabel = ({ bankName, last4 }: { bankName: string; last4: string }): string => `${bankName} ••••${last4}`;

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
