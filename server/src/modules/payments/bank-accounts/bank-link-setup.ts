import type { PaymentGateway } from '../gateways/payment-gateway.port';

/**
 * How the browser links a bank account (the payment screen and the autopay page): Stripe's Financial
 * Connections with Stripe.js on the landlord's connected account, or the sandbox's stand-in page.
 */
export interface BankLinkSetup {
  linkWith: 'sandbox' | 'stripe';
  /** Stripe.js's key; null for the sandbox. */
  publishableKey: string | null;
  /** The landlord's connected account, where the account is linked (Stripe.js's stripeAccount option). */
  connectedAccountId: string;
}

export const bankLinkWith = (gateway: PaymentGateway): BankLinkSetup['linkWith'] => (gateway.name === 'stripe' ? 'stripe' : 'sandbox');

export const bankLinkSetupOf = (gateway: PaymentGateway, connectedAccountId: string): BankLinkSetup => ({
  linkWith: bankLinkWith(gateway),
  publishableKey: gateway.publishableKey,
  connectedAccountId,
});
