import { createHash } from 'node:crypto';
import type { RentPayment } from '../contracts/record-rent-payment.command';

/**
 * The hash an idempotency key is stored with: SHA-256 over the payment's fields in a fixed order
 * (ids lower-cased, the time as ISO), so the same payment always hashes the same however its object
 * was built. Versioned, so the recipe can change without misjudging keys stored under the old one.
 */
export function rentPaymentInputHash(payment: Omit<RentPayment, 'idempotencyKey'>): string {
  const canonical = JSON.stringify([
    'rent_payment',
    payment.occurredAt.toISOString(),
    payment.tenantUserId.toLowerCase(),
    payment.landlordUserId.toLowerCase(),
    payment.propertyId.toLowerCase(),
    payment.chargedCents,
    payment.description,
    payment.provider,
    payment.providerReference,
    // Only a bank debit's hash has it: every hash stored before bank debits stays as it was.
    ...(payment.clearing ? ['bank_debit_clearing'] : []),
  ]);
  return `v1:${createHash('sha256').update(canonical).digest('hex')}`;
}
