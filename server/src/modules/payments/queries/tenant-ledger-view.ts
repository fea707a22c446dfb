import type { JournalKind } from '@rentwise/libs/statements';
import { type TenantJournal, tenantLedgerLineDate, tenantLedgerLines, tenantLedgerLineWhat } from '@rentwise/libs/tenant-balance';

/** One line of a tenant's ledger as both ledgers (tenant's and landlord's) show it. */
export interface TenantLedgerLineView {
  journalId: string;
  kind: JournalKind;
  occurredAt: string;
  /** 'YYYY-MM-DD' on the landlord's calendar. */
  date: string;
  /** 'Rent for December 2025', 'Late fee', 'Payment', 'Bank payment returned', ... */
  what: string;
  /** Positive owes more, negative owes less. */
  amountCents: number;
  /** The balance after this line; negative is credit. */
  balanceCents: number;
  /** A late fee a waiver has taken off the balance: it cannot be waived again (decision 0040). */
  waived: boolean;
  /** A recorded payment its void has put back on the balance: it cannot be voided again (decision 0043). */
  voided: boolean;
}

/** A tenant's ledger at one property (decision 0039): newest line first. */
export interface TenantLedgerView {
  propertyId: string;
  propertyAddress: string;
  tenantUserId: string;
  tenantName: string;
  /** The landlord's time zone, in which dates and rent months are read. */
  timeZone: string;
  /** What the tenant owes now: the last line's balance (GET /api/tenant/balance says the same). */
  balanceCents: number;
  lines: TenantLedgerLineView[];
}

export function tenantLedgerView(
  journals: readonly TenantJournal[],
  timeZone: string,
  who: Pick<TenantLedgerView, 'propertyId' | 'propertyAddress' | 'tenantUserId' | 'tenantName'>,
): TenantLedgerView {
  const correctedBy = (kind: TenantJournal['kind']) => new Set(journals.filter((journal) => journal.kind === kind).map((journal) => journal.correctsJournalId));
  const waived = correctedBy('late_fee_waiver');
  const voided = correctedBy('recorded_payment_void');
  const lines = tenantLedgerLines(journals).map((line) => ({
    journalId: line.journalId,
    kind: line.kind,
    occurredAt: line.occurredAt,
    date: tenantLedgerLineDate(line.occurredAt, timeZone),
    what: tenantLedgerLineWhat(line, timeZone),
    amountCents: line.amountCents,
    balanceCents: line.balanceCents,
    waived: line.kind === 'late_fee' && waived.has(line.journalId),
    voided: line.kind === 'recorded_payment' && voided.has(line.journalId),
  }));
  return { ...who, timeZone, balanceCents: lines.at(-1)?.balanceCents ?? 0, lines: lines.reverse() };
}
