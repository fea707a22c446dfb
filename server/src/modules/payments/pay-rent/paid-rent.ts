import { CardPayment } from '../card-payments/card-payment.entity';
import { PaidRent } from './pay-rent.command';

/** The answer to a settled attempt, whichever way it was paid. */
export function paidRentOf(payment: CardPayment, created: boolean): PaidRent {
  return {
    receiptId: payment.ledgerTransactionId!,
    chargedCents: payment.chargedCents,
    amountCents: payment.amountCents,
    processingFeeCents: payment.processingFeeCents,
    paidAt: payment.chargedAt!.toISOString(),
    created,
  };
}
