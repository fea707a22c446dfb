import type { PaymentSetup } from './paymentsApi';

/** For tests: the payment setup of a tenant whose landlord can be paid on Stripe, signed in 5 minutes ago. */
export function paymentSetupFixture(overrides: Partial<PaymentSetup> = {}): PaymentSetup {
  return {
    rentCents: 150_000,
    processingFeeCents: 699,
    gateway: 'sandbox',
    publishableKey: null,
    connectedAccountId: null,
    cardGateway: 'stripe',
    authorizeNetSetup: null,
    canPay: true,
    cannotPayReason: null,
    signedInAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}
