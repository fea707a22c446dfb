import { assertCents, type Cents } from '@rentwise/libs/money';
import { RECEIVED_BY_LANDLORD_ACCOUNT } from '@rentwise/libs/recorded-payments';
import type { PostingEntry } from '../ledger/provider-postings';

const positive = (cents: Cents, what: string): Cents => {
  if (assertCents(cents) <= 0) throw new RangeError(`${what} must be more than zero: ${cents}`);
  return cents;
};

/**
 * Rent the tenant paid the landlord outside Rentwise: out of the tenant's payment account (as every
 * payment's tenant side, decision 0037), all of it to the landlord's own hands. No platform fee and
 * no processor fee: neither of us carried the money.
 */
export function recordedPaymentEntries(amountCents: Cents): PostingEntry[] {
  const amount = positive(amountCents, 'A recorded payment');
  return [
    { account: 'tenant_card', amountCents: -amount },
    { account: RECEIVED_BY_LANDLORD_ACCOUNT, amountCents: amount },
  ];
}

/** A recorded payment voided: the same amounts the other way, so the tenant owes it again. */
export function recordedPaymentVoidEntries(amountCents: Cents): PostingEntry[] {
  const amount = positive(amountCents, 'A voided payment');
  return [
    { account: 'tenant_card', amountCents: amount },
    { account: RECEIVED_BY_LANDLORD_ACCOUNT, amountCents: -amount },
  ];
}
