/** What a bank link reports once the provider verified the account: all the product ever gets of it. */
export interface LinkedBankAccount {
  /** The provider's payment method id: the only thing of the account our API gets. */
  paymentMethodId: string;
  bankName: string;
  last4: string;
}

/** 'STRIPE TEST BANK ••••6789': all the product ever shows of an account. */
export const bankAccountLabel = ({ bankName, last4 }: { bankName: string; last4: string }): string => `${bankName} ••••${last4}`;
