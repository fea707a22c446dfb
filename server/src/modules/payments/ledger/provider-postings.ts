import { assertCents, type Cents } from '@rentwise/libs/money';
import type { LedgerAccount } from './ledger-entry.entity';

export interface PostingEntry {
  account: LedgerAccount;
  amountCents: Cents;
}

const positive = (cents: Cents, what: string): Cents => {
  if (assertCents(cents) <= 0) throw new RangeError(`${what} must be more than zero: ${cents}`);
  return cents;
};

const nonZero = (entries: PostingEntry[]): PostingEntry[] => entries.filter((entry) => entry.amountCents !== 0);

/**
 * A refund gives the card back what was refunded; on a direct charge it comes out of the landlord's
 * balance, and we keep our platform fee (docs/decisions/0021).
 */
export function refundEntries(refundedCents: Cents): PostingEntry[] {
  const refunded = positive(refundedCents, 'A refund');
  return [
    { account: 'tenant_card', amountCents: refunded },
    { account: 'landlord_payable', amountCents: -refunded },
  ];
}

/** A refund that failed after it was booked: its money comes back to the landlord (a correction of the refund). */
export function refundFailureEntries(refundedCents: Cents): PostingEntry[] {
  const refunded = positive(refundedCents, 'A failed refund');
  return [
    { account: 'tenant_card', amountCents: -refunded },
    { account: 'landlord_payable', amountCents: refunded },
  ];
}

/** Funds withdrawn for a dispute: the amount is held from the landlord, who also pays the provider's fee. */
export function disputeWithdrawalEntries(withdrawnCents: Cents, feeCents: Cents): PostingEntry[] {
  const withdrawn = positive(withdrawnCents, 'A dispute withdrawal');
  if (assertCents(feeCents) < 0) throw new RangeError(`A dispute fee cannot be negative: ${feeCents}`);
  return nonZero([
    { account: 'landlord_payable', amountCents: -(withdrawn + feeCents) },
    { account: 'disputed', amountCents: withdrawn },
    { account: 'dispute_fees', amountCents: feeCents },
  ]);
}

/** Funds given back after a dispute is won (and the fee, when the provider returns it). */
export function disputeReinstatementEntries(reinstatedCents: Cents, feeReturnedCents: Cents): PostingEntry[] {
  const reinstated = positive(reinstatedCents, 'A dispute reinstatement');
  if (assertCents(feeReturnedCents) < 0) throw new RangeError(`A returned fee cannot be negative: ${feeReturnedCents}`);
  return nonZero([
    { account: 'disputed', amountCents: -reinstated },
    { account: 'landlord_payable', amountCents: reinstated + feeReturnedCents },
    { account: 'dispute_fees', amountCents: -feeReturnedCents },
  ]);
}

/** A lost dispute: the held amount goes back to the card holder for good. */
export function disputeLossEntries(heldCents: Cents): PostingEntry[] {
  const held = positive(heldCents, 'A lost dispute');
  return [
    { account: 'disputed', amountCents: -held },
    { account: 'tenant_card', amountCents: held },
  ];
}
