import { daysLate, lateFrom } from './late-fees';
import type { Cents } from './money';
import type { TenantLedgerLine } from './tenant-balance';

/**
 * The landlord's "who owes what" (decision 0041): each current tenant with a balance above zero, and
 * how late the oldest money still owed is. Pure.
 */

/**
 * When the oldest charge still unpaid was made (a rent charge's due date or move-in, a late fee's
 * posting), reading the ledger first in, first out: everything before the balance last reached zero
 * is paid; after it, what the tenant paid or was credited pays the oldest charges first. Null when
 * nothing is owed.
 */
export function oldestUnpaidAt(lines: readonly Pick<TenantLedgerLine, 'amountCents' | 'balanceCents' | 'occurredAt'>[]): string | null {
  if (lines.length === 0 || lines[lines.length - 1].balanceCents <= 0) return null;
  let start = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    if (lines[i].balanceCents <= 0) {
      start = i + 1;
      break;
    }
  }
  const tail = lines.slice(start);
  // What the tail's credits (payments, credits, waivers) pay off, oldest charge first.
  let paid = -tail.filter((line) => line.amountCents < 0).reduce((sum, line) => sum + line.amountCents, 0);
  // The balance before the tail is zero or below: a credit carried in pays too.
  if (start > 0) paid += -lines[start - 1].balanceCents;
  for (const line of tail) {
    if (line.amountCents <= 0) continue;
    if (paid < line.amountCents) return line.occurredAt;
    paid -= line.amountCents;
  }
  return tail[tail.length - 1].occurredAt;
}

/** Days late of the oldest unpaid charge at `at`: counted from the end of its grace period (0 while within it). */
export function daysLateOfBalance(oldestUnpaid: string | null, graceDays: number, at: Date, timeZone: string): number {
  if (oldestUnpaid === null) return 0;
  return daysLate(lateFrom(new Date(oldestUnpaid), graceDays, timeZone), at, timeZone);
}

export interface UnpaidBalanceRow {
  tenantUserId: string;
  tenantName: string;
  propertyId: string;
  propertyAddress: string;
  balanceCents: Cents;
  daysLate: number;
}

export const UNPAID_BALANCE_SORTS = ['tenant', 'property', 'balance', 'daysLate'] as const;
export type UnpaidBalanceSort = (typeof UNPAID_BALANCE_SORTS)[number];
export type SortOrder = 'asc' | 'desc';

const compareText = (a: string, b: string) => a.localeCompare(b, 'en-US', { sensitivity: 'base', numeric: true });

const COMPARE: Record<UnpaidBalanceSort, (a: UnpaidBalanceRow, b: UnpaidBalanceRow) => number> = {
  tenant: (a, b) => compareText(a.tenantName, b.tenantName),
  property: (a, b) => compareText(a.propertyAddress, b.propertyAddress),
  balance: (a, b) => a.balanceCents - b.balanceCents,
  daysLate: (a, b) => a.daysLate - b.daysLate,
};

/** The rows sorted by a column; ties by the largest balance, then the tenant's name, so the order never flickers. */
export function sortUnpaidBalances<Row extends UnpaidBalanceRow>(rows: readonly Row[], by: UnpaidBalanceSort, order: SortOrder): Row[] {
  const sign = order === 'asc' ? 1 : -1;
  return [...rows].sort(
    (a, b) =>
      sign * COMPARE[by](a, b) || b.balanceCents - a.balanceCents || compareText(a.tenantName, b.tenantName) || a.tenantUserId.localeCompare(b.tenantUserId),
  );
}
