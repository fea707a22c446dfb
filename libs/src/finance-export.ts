import type { Cents } from './money';
import { billingMonthKey } from './billing-month';
import { csvCell, csvRow, monthName, type StatementLine } from './statements';

/** Finance staff's yearly exports of every landlord's statements (decision 0018). */

export const FINANCE_EXPORT_FORMATS = ['csv', 'zip'] as const;
export type FinanceExportFormat = (typeof FINANCE_EXPORT_FORMATS)[number];

/** queued → running → completed (downloadable until expiresAt) → expired; or failed. */
export type FinanceExportStatus = 'queued' | 'running' | 'completed' | 'failed' | 'expired';

/** How long a finished export's file is kept before it is deleted (the audit row stays). */
export const FINANCE_EXPORT_KEEP_DAYS = 7;

export function financeExportExpiresAt(completedAt: Date): Date {
  return new Date(completedAt.getTime() + FINANCE_EXPORT_KEEP_DAYS * 24 * 60 * 60 * 1000);
}

/** What the finance area shows of an export (GET /api/finance/exports). */
export interface FinanceExportView {
  exportId: string;
  year: number;
  format: FinanceExportFormat;
  status: FinanceExportStatus;
  /** Null until the worker has counted the landlords in its snapshot. */
  landlordsTotal: number | null;
  landlordsDone: number;
  requestedAt: string;
  requestedBy: string;
  completedAt: string | null;
  expiresAt: string | null;
  byteSize: number | null;
  sha256: string | null;
  fileName: string;
  /** Why it failed, in words the reader can act on. */
  error: string | null;
}

export interface FinanceYear {
  year: number;
  /** Landlords with payments counted to that year. */
  landlords: number;
}

/** 'rentwise-2025-all-landlords.csv' */
export function financeExportFileName(year: number, format: FinanceExportFormat): string {
  return `rentwise-${year}-all-landlords.${format}`;
}

/** Whole percent done, never 100 before the last landlord; 0 while the total is unknown. */
export function progressPercent(done: number, total: number | null): number {
  if (total === null || total <= 0) return 0;
  if (done >= total) return 100;
  return Math.min(99, Math.floor((done / total) * 100));
}

/** One line of the yearly CSV: a landlord's property in one billing month. */
export interface FinanceCsvLine {
  landlordUserId: string;
  landlordName: string;
  landlordEmail: string;
  timeZone: string;
  propertyId: string;
  propertyAddress: string;
  year: number;
  month: number;
  rentDueCents: Cents;
  grossCents: Cents;
  platformFeeCents: Cents;
  receivedCents: Cents;
  processorFeeCents: Cents;
  netCents: Cents;
  /** Paid by tenants in this calendar month, by payment date (the processor's yearly tax form). */
  calendarGrossCents: Cents;
  /** Bank debits of the month sent and not yet settled (in gross, not in received). */
  processingCents: Cents;
  /** The month's bank debits by state. */
  bankDebits: BankDebitStates;
  /** Late fees charged to the month, less those waived (decision 0039). */
  lateFeesCents: Cents;
  /**
   * The part of received the landlord recorded (cash, checks, money orders, less voids; decision 0043):
   * in their hands already, never in a payout.
   */
  recordedCents: Cents;
}

/** How many of a month's bank debits are still processing, settled, or failed (by the month the tenant paid). */
export interface BankDebitStates {
  processing: number;
  settled: number;
  failed: number;
}

export const NO_BANK_DEBITS: Readonly<BankDebitStates> = Object.freeze({ processing: 0, settled: 0, failed: 0 });

/**
 * Each billing month's bank debits ('2025-04'), from its lines: a debit is sent (a payment line with
 * processing money), then settled or failed by a line that counts to the same month (decision 0037),
 * so what is sent and not answered is still processing.
 */
export function bankDebitStatesByBillingMonth(lines: Iterable<StatementLine>): Map<string, BankDebitStates> {
  const sent = new Map<string, BankDebitStates & { sent: number }>();
  for (const line of lines) {
    const key = billingMonthKey({ year: line.billingYear, month: line.billingMonth });
    let month = sent.get(key);
    if (!month) sent.set(key, (month = { sent: 0, ...NO_BANK_DEBITS }));
    if (line.kind === 'rent_payment' && line.processingCents > 0) month.sent += 1;
    else if (line.kind === 'bank_debit_settled') month.settled += 1;
    else if (line.kind === 'bank_debit_failed') month.failed += 1;
  }
  const states = new Map<string, BankDebitStates>();
  for (const [key, month] of sent) {
    if (month.sent === 0) continue;
    states.set(key, { processing: month.sent - month.settled - month.failed, settled: month.settled, failed: month.failed });
  }
  return states;
}

/** Each billing month's rent recorded by the landlord less what was voided ('2025-04'), from its lines. */
export function recordedCentsByBillingMonth(lines: Iterable<StatementLine>): Map<string, Cents> {
  const recorded = new Map<string, Cents>();
  for (const line of lines) {
    if (line.kind !== 'recorded_payment' && line.kind !== 'recorded_payment_void') continue;
    const key = billingMonthKey({ year: line.billingYear, month: line.billingMonth });
    recorded.set(key, (recorded.get(key) ?? 0) + line.receivedCents);
  }
  return recorded;
}

/** 'Processing 1, Settled 2, Failed 1', leaving out the states with none; empty when the month had no bank debit. */
export function bankDebitStatesInWords(states: BankDebitStates): string {
  return [
    ['Processing', states.processing],
    ['Settled', states.settled],
    ['Failed', states.failed],
  ]
    .filter(([, count]) => (count as number) > 0)
    .map(([word, count]) => `${word} ${count}`)
    .join(', ');
}

export const FINANCE_CSV_HEADER: readonly string[] = [
  'Landlord',
  'Landlord email',
  'Landlord id',
  'Time zone',
  'Property',
  'Property id',
  'Year',
  'Month',
  'Billing month',
  'Rent due',
  'Paid by tenants',
  'Platform fee',
  'Received',
  'Processor fee',
  'Net deposited',
  'Paid in calendar month (by payment date)',
  // Added last, so that the columns before keep their places in finance's spreadsheets.
  'Processing (bank debits not yet settled)',
  'Bank debits',
  'Late fees (less waived)',
  'Recorded by landlord (cash, checks, money orders)',
];

/**
 * A CSV line; text cells (names, addresses, emails) are escaped against formula injection by
 * csvCell, amounts are plain decimals a spreadsheet adds up.
 */
export function financeCsvRow(line: FinanceCsvLine): string {
  return financeCsvRows([line]);
}

/**
 * Lines one after another, as financeCsvRow writes each: the landlord's and property's cells, the
 * same on every month of a property, are escaped once per property (most of a yearly export's work).
 */
export function financeCsvRows(lines: readonly FinanceCsvLine[]): string {
  let rows = '';
  let property = '';
  let propertyCells = '';
  for (const line of lines) {
    if (line.landlordUserId + line.propertyId !== property) {
      property = line.landlordUserId + line.propertyId;
      propertyCells = [line.landlordName, line.landlordEmail, line.landlordUserId, line.timeZone, line.propertyAddress, line.propertyId].map(csvCell).join(',');
    }
    rows += `${propertyCells},${monthCells(line)}`;
  }
  return rows;
}

function monthCells(line: FinanceCsvLine): string {
  return csvRow([
    line.year,
    line.month,
    `${monthName(line.month)} ${line.year}`,
    { cents: line.rentDueCents },
    { cents: line.grossCents },
    { cents: line.platformFeeCents },
    { cents: line.receivedCents },
    { cents: line.processorFeeCents },
    { cents: line.netCents },
    { cents: line.calendarGrossCents },
    { cents: line.processingCents },
    bankDebitStatesInWords(line.bankDebits),
    { cents: line.lateFeesCents },
    { cents: line.recordedCents },
  ]);
}

export function financeCsvHeader(): string {
  return csvRow(FINANCE_CSV_HEADER);
}

/** 'rentwise-2025-lee-jordan-1a2b3c4d.pdf': one landlord's yearly statement inside the ZIP. */
export function financePdfEntryName(year: number, landlord: { userId: string; firstName: string; lastName: string }): string {
  const slug = `${landlord.lastName}-${landlord.firstName}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `rentwise-${year}-${slug || 'landlord'}-${landlord.userId.slice(0, 8)}.pdf`;
}
