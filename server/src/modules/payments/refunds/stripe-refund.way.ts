import { Injectable } from '@nestjs/common';
import { PaymentGatewayError } from '../../../infrastructure/providers/provider-errors';
import { PaymentGateway } from '../gateways/payment-gateway.port';
import { ChargeCorrections } from '../provider-events/charge-corrections';
import type { RefundAttempt } from './refund-attempts';
import type { PaymentToRefund, RefundableCharge } from './payments-to-refund';
import { RefundWay, type SentRefund } from './refund-way';

/**
 * A refund on the landlord's connected account (Stripe, or its sandbox), cards and bank debits alike:
 * Stripe refunds an ACH debit on its charge as it does a card's. Stripe charges once per key, so a
 * retry sends the same request again.
 */
@Injectable()
export class StripeRefundWay extends RefundWay {
  constructor(
    private readonly gateway: PaymentGateway,
    private readonly corrections: ChargeCorrections,
  ) {
    super();
  }

  handles(charge: RefundableCharge): boolean {
    return charge.provider === 'stripe' || charge.provider === 'sandbox';
  }

  async choose(): Promise<{ way: 'refund' }> {
    return { way: 'refund' };
  }

  async send(payment: PaymentToRefund, charge: RefundableCharge, attempt: RefundAttempt): Promise<SentRefund> {
    try {
      const refund = await this.gateway.refundCharge({
        connectedAccountId: charge.accountId,
        chargeId: charge.chargeId,
        amountCents: attempt.amountCents,
        idempotencyKey: `refund:${attempt.id}`,
        metadata: { refundId: attempt.id, receiptId: payment.receiptId },
      });
      const failed = refund.status === 'failed' || refund.status === 'canceled';
      return {
        status: failed ? 'failed' : refund.status === 'succeeded' ? 'succeeded' : 'pending',
        providerReference: `${charge.accountId}/${refund.refundId}`,
        failureMessage: failed ? `The refund ${refund.status}` : null,
      };
    } catch (error) {
      if (error instanceof PaymentGatewayError && !error.retryable) return { status: 'failed', providerReference: null, failureMessage: error.message };
      throw error;
    }
  }

  /** The same path as `charge.refunded`: the charge read again under its lock, each refund posted once. */
  async post(charge: RefundableCharge): Promise<void> {
    await this.corrections.syncCharge(charge.accountId, charge.chargeId);
  }
}
