import { assertCents, type Cents } from './money';

function assertPaymentCents(cents: Cents): Cents {
  if (assertCents(cents) < 0) throw new RangeError(`A payment cannot be negative: ${cents}`);
  return cents;
}

/**
 * The platform fee: what Rentwise keeps from each payment before the landlord receives it (Stripe calls
 * it the application fee), by the date the payment was made.
 * Eras are contiguous: each runs from just after the previous one's last second through its own.
 */
export interface PlatformFeeEra {
  /** Last unix second of the era, inclusive; null for the era still running. */
  readonly throughUnixSeconds: number | null;
  readonly feeCents: Cents;
}

export const PLATFORM_FEE_ERAS: readonly PlatformFeeEra[] = [
  { throughUnixSeconds: 1596045540, feeCents: 100 }, // through 2020-07-29T17:59:00Z
  { throughUnixSeconds: 1661990400, feeCents: 199 }, // through 2022-09-01T00:00:00Z
  { throughUnixSeconds: null, feeCents: 699 },
];

/**
 * The ledger account that holds the platform fee. Its stored label, 'processing_fees', predates the
 * name "platform fee"; ledger entries are never rewritten, so the label stays as stored.
 */
export const PLATFORM_FEE_ACCOUNT = 'processing_fees';

export function platformFeeEraAt(paidAtUnixSeconds: number): PlatformFeeEra {
  if (!Number.isFinite(paidAtUnixSeconds)) throw new RangeError(`Not a unix time: ${paidAtUnixSeconds}`);
  const era = PLATFORM_FEE_ERAS.find((e) => e.throughUnixSeconds === null || paidAtUnixSeconds <= e.throughUnixSeconds);
  // The last era is open-ended, so find() always succeeds.
  return era as PlatformFeeEra;
}

export function platformFeeCentsAt(paidAtUnixSeconds: number): Cents {
  return platformFeeEraAt(paidAtUnixSeconds).feeCents;
}

/** What the landlord view shows as received: the payment less its era's platform fee, never below zero. */
export function landlordReceivesCents(amountCents: Cents, paidAtUnixSeconds: number): Cents {
  return Math.max(0, assertPaymentCents(amountCents) - platformFeeCentsAt(paidAtUnixSeconds));
}

export const TENANT_PROCESSING_FEE_CENTS: Cents = 699;

/**
 * The tenant processing fee applies to payments made at or after this instant (inclusive).
 * The product's note says 'after July 1st 2023' with no time zone; we read it as 'from July 1st on'
 * and pin it to UTC midnight so the rule gives the same answer on every machine.
 */
export const TENANT_PROCESSING_FEE_STARTS_AT = new Date('2023-07-01T00:00:00Z');

export function tenantProcessingFeeCentsAt(at: Date): Cents {
  const time = at.getTime();
  if (Number.isNaN(time)) throw new RangeError('Invalid date');
  return time >= TENANT_PROCESSING_FEE_STARTS_AT.getTime() ? TENANT_PROCESSING_FEE_CENTS : 0;
}

/** What a tenant's charge was made of: the rent they entered and the processing fee of its date. */
export function tenantChargeParts(chargedCents: Cents, at: Date): { rentCents: Cents; processingFeeCents: Cents } {
  const processingFeeCents = tenantProcessingFeeCentsAt(at);
  return { rentCents: chargedCents - processingFeeCents, processingFeeCents };
}

/** What the tenant's card is charged: the amount they entered plus the processing fee of that date. */
export function tenantChargeCents(enteredCents: Cents, at: Date): Cents {
  return assertPaymentCents(enteredCents) + tenantProcessingFeeCentsAt(at);
}
