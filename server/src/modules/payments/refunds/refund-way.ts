import type { RefundAttempt } from './refund-attempts';
import type { PaymentToRefund, RefundableCharge } from './payments-to-refund';

/** What the provider said of a refund sent. */
export interface SentRefund {
  status: 'pending' | 'succeeded' | 'failed';
  /** As the ledger's refund journal names it; null when nothing was made. */
  providerReference: string | null;
  /** The provider's words when it refused: for the logs. */
  failureMessage: string | null;
}

/**
 * How money goes back through one provider (decision 0044): Stripe's refund on the connected account,
 * or Authorize.Net's void before settlement and refund after. Registered in refunds.providers.
 */
export abstract class RefundWay {
  abstract handles(charge: RefundableCharge): boolean;

  /** A void or a refund for this amount, or why neither can be made now (a message for the landlord). */
  abstract choose(payment: PaymentToRefund, charge: RefundableCharge, amountCents: number): Promise<{ way: RefundAttempt['way'] } | { refusal: string }>;

  /**
   * Sends the stored refund, or finds what an earlier send did (`again`: its answer was lost). A
   * refusal is answered as `failed`; throws PaymentGatewayError when the provider did not answer.
   */
  abstract send(payment: PaymentToRefund, charge: RefundableCharge, attempt: RefundAttempt, again: boolean): Promise<SentRefund>;

  /** Posts the refund's journal exactly as the provider's event does, under the same key: one journal whichever comes first. */
  abstract post(charge: RefundableCharge, sent: SentRefund, attempt: RefundAttempt): Promise<void>;
}

/** The refund ways, by the charge each handles (one per provider, registered in refunds.providers). */
export class RefundWays {
  constructor(private readonly ways: readonly RefundWay[]) {}

  for(charge: RefundableCharge): RefundWay {
    const way = this.ways.find((candidate) => candidate.handles(charge));
    if (!way) throw new Error(`No refund way for provider ${charge.provider}`);
    return way;
  }
}
