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
