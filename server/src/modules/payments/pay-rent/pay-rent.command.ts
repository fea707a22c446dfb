import { Command } from '@nestjs/cqrs';
import type { AuthorizeNetPaymentInput } from '@rentwise/libs/schemas/authorize-net-payment.schema';
import type { BankPaymentInput } from '@rentwise/libs/schemas/bank-payment.schema';
import type { PaymentInput } from '@rentwise/libs/schemas/payment.schema';

export interface PaidRent {
  /** The ledger transaction id: the receipt's id. */
  receiptId: string;
  chargedCents: number;
  amountCents: number;
  processingFeeCents: number;
  /** ISO time the provider charged the card, or was asked to debit the bank account. */
  paidAt: string;
  /** succeeded: the money is in; processing: a bank debit on its way; failed: the bank refused it since (decision 0037). */
  paymentStatus: 'succeeded' | 'processing' | 'failed';
  /** False when this answers a replay of an attempt that had already paid. */
  created: boolean;
}

/**
 * How the tenant pays, as their payment screen sent it: what differs from one way of paying to
 * another. Each way has its adapter under `ways/` (PaymentWay).
 */
export type PaymentMethod =
  /** Stripe's card form: a payment method id from Stripe.js (or the sandbox's form). */
  | { way: 'stripe_card'; paymentMethodId: PaymentInput['paymentMethodId'] }
  /** A card the tenant saved for autopay (our id), charged off-session: only autopay pays this way (decision 0042). */
  | { way: 'stripe_card'; savedCardId: string }
  /** Authorize.Net's card form: Accept.js's single-use nonce, and the card's brand and last four digits. */
  | { way: 'authorize_net_card'; paymentNonce: AuthorizeNetPaymentInput['paymentNonce']; card: AuthorizeNetPaymentInput['card'] }
  /**
   * A bank account debited through Stripe (ACH): one just linked, or one the tenant saved, with the
   * tenant's yes to the authorization and where it was given (the mandate's address and browser).
   */
  | {
      way: 'stripe_bank_debit';
      bankAccount: BankPaymentInput['bankAccount'];
      mandate: (BankPaymentInput['mandate'] & { userAgent: string | null }) | StandingMandate;
    };

/** An autopay's recurring authorization, accepted when autopay was turned on and stored then (decision 0042). */
export interface StandingMandate {
  standingMandateId: string;
  version: string;
  acceptedAt: Date;
  clientAddress: string;
  userAgent: string | null;
}

export type PaymentWayName = PaymentMethod['way'];
export type MethodOf<Name extends PaymentWayName> = Extract<PaymentMethod, { way: Name }>;

export interface RentPaymentRequest {
  /** What the tenant entered, fee excluded. */
  amountCents: number;
  /** One per attempt, from the payment screen: a retried or doubled request charges once. */
  idempotencyKey: string;
  /** The tenant's yes to paying again within 10 minutes of a payment for the same home. */
  confirmRepeat?: boolean;
  method: PaymentMethod;
}

/**
 * A tenant pays rent: the entered amount plus the processing fee of the day, for the landlord of
 * their home, whichever way they pay. One charge per idempotency key, even when an answer is lost.
 * `session` is the signed-in tenant's (paying needs a fresh sign-in); an automatic payment has none.
 */
export class PayRent extends Command<PaidRent> {
  constructor(
    readonly tenantUserId: string,
    /** When this session signed in with a password: paying needs it to be under 30 minutes old. */
    readonly signedInAt: Date,
    readonly request: RentPaymentRequest,
    /** The network address the request came from: declined cards are limited per address too. */
    readonly clientAddress: string,
  ) {
    super();
  }
}

/**
 * Autopay pays rent for a tenant who is not there (decision 0042): no sign-in to check, no limit on
 * declined cards or question about a repeat payment (one attempt per key and month, by the runner),
 * and the address is the one the recurring authorization was given from. Sent only by the autopay job.
 */
export class PayRentAutomatically extends Command<PaidRent> {
  constructor(
    readonly tenantUserId: string,
    readonly request: RentPaymentRequest,
    readonly clientAddress: string,
  ) {
    super();
  }
}
