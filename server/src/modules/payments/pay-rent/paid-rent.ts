import { CardPayment } from '../card-payments/card-payment.entity';
import { PaidRent } from './pay-rent.command';

/** The answer to a paid (or, for a bank debit, sent) attempt, whichever way it was paid: its state now. */
export function paidRentOf(payment: CardPayment, created: boolean): PaidRent {
  return {
    receiptId: payment.ledgerTransactionId!,
    chargedCents: payment.chargedCents,
    amountCents: payment.amountCents,
    processingFeeCents: payment.processingFeeCents,
    paidAt: payment.chargedAt!.toISOString(),
    paymentStatus: payment.status === 'succeeded' || payment.status === 'processing' || payment.status === 'failed' ? payment.status : 'processing',
    created,
  };
}
