import { ConflictException, Logger, ServiceUnavailableException } from '@nestjs/common';
import { MESSAGES } from '@rentwise/libs/messages';
import { CardDeclined, ConnectedAccountNotFound, PaymentGatewayError } from '../../../../infrastructure/providers/provider-errors';
import type { CardPayment } from '../../card-payments/card-payment.entity';
import type { PayoutAccountReadiness } from '../../card-payments/payout-account-readiness';
import type { ChargeOutcome } from '../payment-way';

/**
 * What a Stripe charge's error means for the tenant, for both ways of paying through Stripe: a
 * refusal is the tenant's decline; a missing or stopped account is the landlord's 409; anything else
 * a 503 whose retry, with the same key, charges once.
 */
export async function stripeChargeFailure(
  error: unknown,
  attempt: CardPayment,
  readiness: PayoutAccountReadiness,
  logger: Logger,
): Promise<ChargeOutcome> {
  if (error instanceof CardDeclined) return { kind: 'declined', failureCode: error.code ?? null, failureMessage: error.message };
  if (error instanceof ConnectedAccountNotFound) throw new ConflictException(MESSAGES.landlordCannotBePaid);
  if (error instanceof PaymentGatewayError) {
    // The attempt stays pending either way: a retry with the same key asks the provider again, which charges once.
    // A refusal (not an outage, which would only time out again) may be an account stopped since its last word.
    if (!error.retryable && (await readiness.stoppedTakingCharges(attempt.connectedAccountId))) {
      throw new ConflictException(MESSAGES.landlordCannotBePaid);
    }
    logger.error({ err: error, cardPaymentId: attempt.id }, 'Charge failed at the provider');
    throw new ServiceUnavailableException(MESSAGES.noGatewayResponse);
  }
  throw error;
}
