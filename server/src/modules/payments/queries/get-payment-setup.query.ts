import { Query } from '@nestjs/cqrs';

/** What the tenant payment screen needs before it shows the keypad and the card form. */
export interface PaymentSetupView {
  rentCents: number;
  /** The processing fee added to a payment made now. */
  processingFeeCents: number;
  gateway: 'sandbox' | 'stripe';
  /** Stripe.js's key; null for the sandbox's own card form. */
  publishableKey: string | null;
  /** The landlord's connected account, for Stripe.js's stripeAccount option (the card is created on it). */
  connectedAccountId: string | null;
  canPay: boolean;
  /** Why not, in words for the tenant. */
  cannotPayReason: string | null;
  /** ISO time this session signed in (the 30-minute rule). */
  signedInAt: string;
}

export class GetPaymentSetup extends Query<PaymentSetupView> {
  constructor(
    readonly tenantUserId: string,
    readonly signedInAt: Date,
  ) {
    super();
  }
}
