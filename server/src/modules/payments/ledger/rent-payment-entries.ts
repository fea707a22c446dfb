import { landlordReceivesCents, PLATFORM_FEE_ACCOUNT } from '@rentwise/libs/fees';
import { assertCents, type Cents } from '@rentwise/libs/money';
import type { LedgerAccount } from './ledger-entry.entity';

export interface RentPaymentPosting {
  landlordReceivesCents: Cents;
  entries: { account: LedgerAccount; amountCents: Cents }[];
}

/**
 * A rent payment's entries: the card is charged, the landlord is owed the payment less its era's
 * platform fee and the platform fee account keeps the rest. Only non-zero entries are written: a payment
 * at or below its era's platform fee leaves the landlord nothing, and the platform fee account takes the whole charge.
 */
export function rentPaymentEntries(chargedCents: Cents, occurredAt: Date): RentPaymentPosting {
  const charged = assertCents(chargedCents);
  if (charged <= 0) throw new RangeError('A rent payment must be more than zero');
  const landlordShare = landlordReceivesCents(charged, Math.floor(occurredAt.getTime() / 1000));
  const entries: RentPaymentPosting['entries'] = [
    { account: 'tenant_card', amountCents: -charged },
    { account: 'landlord_payable', amountCents: landlordShare },
    { account: PLATFORM_FEE_ACCOUNT, amountCents: charged - landlordShare },
  ];
  return { landlordReceivesCents: landlordShare, entries: entries.filter((entry) => entry.amountCents !== 0) };
}

/** The account a bank debit's money waits in between the tenant's pay date and the bank's answer (decision 0037). */
export const BANK_DEBIT_CLEARING_ACCOUNT = 'bank_debit_clearing';

/** A bank debit sent: the tenant paid, the money is on its way; nothing is the landlord's or ours yet. */
export function bankDebitSentEntries(chargedCents: Cents): RentPaymentPosting {
  const charged = assertCents(chargedCents);
  if (charged <= 0) throw new RangeError('A rent payment must be more than zero');
  return {
    landlordReceivesCents: 0,
    entries: [
      { account: 'tenant_card', amountCents: -charged },
      { account: BANK_DEBIT_CLEARING_ACCOUNT, amountCents: charged },
    ],
  };
}

/**
 * A bank debit settled: the clearing money goes to the landlord and the platform fee, by the era of
 * the date the tenant paid (as a card payment made that day), not of the settlement's.
 */
export function bankDebitSettledEntries(chargedCents: Cents, paidAt: Date): RentPaymentPosting['entries'] {
  return rentPaymentEntries(chargedCents, paidAt).entries.map((entry) =>
    entry.account === 'tenant_card' ? { account: BANK_DEBIT_CLEARING_ACCOUNT, amountCents: entry.amountCents } : entry,
  );
}

/** A bank debit the bank refused after it was sent: the clearing money goes back to the tenant's side. */
export function bankDebitFailedEntries(chargedCents: Cents): RentPaymentPosting['entries'] {
  const charged = assertCents(chargedCents);
  return [
    { account: BANK_DEBIT_CLEARING_ACCOUNT, amountCents: -charged },
    { account: 'tenant_card', amountCents: charged },
  ];
}
