import { BANK_DEBIT_MANDATE_VERSION } from '@rentwise/libs/bank-debits';
import type { BankDebitSetup, PaymentSetup } from './paymentsApi';

/** For tests: the payment setup of a tenant whose landlord can be paid on Stripe, signed in 5 minutes ago. */
export function paymentSetupFixture(overrides: Partial<PaymentSetup> = {}): PaymentSetup {
  return {
    rentCents: 150_000,
    balanceCents: 150_000,
    processingFeeCents: 699,
    gateway: 'sandbox',
    publishableKey: null,
    connectedAccountId: null,
    cardGateway: 'stripe',
    authorizeNetSetup: null,
    bankDebit: null,
    canPay: true,
    cannotPayReason: null,
    signedInAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

/** For tests: bank debits offered through the sandbox's bank link, no fee, no saved account. */
export function bankDebitSetupFixture(overrides: Partial<BankDebitSetup> = {}): BankDebitSetup {
  return {
    feeCents: 0,
    linkWith: 'sandbox',
    mandateVersion: BANK_DEBIT_MANDATE_VERSION,
    mandateParties: { tenantName: 'Theo Tenant', landlordName: 'Lena Landlord', propertyAddress: '12 Garden Street, Springfield, IL 62704' },
    savedAccounts: [],
    ...overrides,
  };
}
