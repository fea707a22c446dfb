import { Query } from '@nestjs/cqrs';
import type { CardGatewayKind } from '@rentwise/libs/schemas/authorize-net-payment.schema';
import type { AuthorizeNetClientSetup } from '../gateways/authorize-net-gateway.port';

/** What the tenant payment screen needs before it shows the keypad and the card form. */
export interface PaymentSetupView {
  rentCents: number;
  /** What the tenant owes now, shown beside the rent (decision 0039): negative is credit; 0 without a home. */
  balanceCents: number;
  /** The processing fee added to a payment made now. */
  processingFeeCents: number;
  gateway: 'sandbox' | 'stripe';
  /** Stripe.js's key; null for the sandbox's own card form. */
  publishableKey: string | null;
  /** The landlord's connected account, for Stripe.js's stripeAccount option (the card is created on it). */
  connectedAccountId: string | null;
  /** Which screen the tenant pays on: the landlord's card gateway (Stripe's hosted card form, or Authorize.Net's card screen). */
  cardGateway: CardGatewayKind;
  /** For Authorize.Net: Accept.js's script, API login id and client key, or the sandbox tokenizer. Null otherwise. */
  authorizeNetSetup: AuthorizeNetClientSetup | null;
  /** Paying from a bank account, when the landlord takes bank debits; null otherwise. */
  bankDebit: BankDebitSetupView | null;
  canPay: boolean;
  /** Why not, in words for the tenant. */
  cannotPayReason: string | null;
  /** ISO time this session signed in (the 30-minute rule). */
  signedInAt: string;
}

export interface BankDebitSetupView {
  feeCents: number;
  /** How the tenant links an account: the sandbox's stand-in page, or Stripe's Financial Connections. */
  linkWith: 'sandbox' | 'stripe';
  mandateVersion: string;
  mandateParties: { tenantName: string; landlordName: string; propertyAddress: string };
  savedAccounts: { id: string; bankName: string; last4: string }[];
}

export class GetPaymentSetup extends Query<PaymentSetupView> {
  constructor(
    readonly tenantUserId: string,
    readonly signedInAt: Date,
  ) {
    super();
  }
}
