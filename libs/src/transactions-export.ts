import { billingMonthKey, localDateAt, startOfLocalDay } from './billing-month';
import { csvRow, type CsvValue, isChargeLine, type StatementLine } from './statements';

/**
 * The landlord's transactions CSV for their accountant (decision 0045): one line per statement line,
 * i.e. per ledger journal of theirs, with the same figures the statements add up.
 */

export const TRANSACTIONS_CSV_HEADER = [
  'Date paid',
  'Date settled',
  'Billing month',
  'Tenant',
  'Property',
  'Kind',
  'Charged to tenant',
  'Gross',
  'Platform fee',
  'Processor fee',
  'Processing',
  'Net',
  'Deposit',
  'Deposit arrived',
  'Receipt',
] as const;

/** What the payments module knows of a line's money beyond the statement line (GetPaymentSettlements). */
export interface TransactionSettlement {
  /** How the payment the line is about was paid; null for a recorded or imported payment and for charges. */
  method: 'card' | 'bank_debit' | null;
  /** A bank payment's settlement (ISO), on its payment's line; null while processing or once failed. */
  bankSettledAt: string | null;
  /** The payout the line's money arrived in; `arrivedAt` (ISO) only once the payout is paid. */
  deposit: { payoutId: string; arrivedAt: string | null } | null;
}

export const NO_SETTLEMENT: Readonly<TransactionSettlement> = Object.freeze({ method: null, bankSettledAt: null, deposit: null });

/** Our own recorded payment description ('Rent payment: Check #1234, recorded by landlord', recordedPaymentDescription). */
const RECORDED_DESCRIPTION = /^Rent payment: (.*), recorded by landlord$/;

/** A bank payment: its payment line put the money in clearing (decision 0037), as no card payment does. */
const isBankPayment = (line: StatementLine, method: TransactionSettlement['method']): boolean =>
  method === 'bank_debit' || (line.kind === 'rent_payment' && line.processingCents !== 0);

/**
 * The line's kind in the landlord's words. A bank payment returned after it settled is posted as a
 * dispute lost at once (decision 0037), so a dispute about a bank payment reads as a return.
 */
export function transactionKindWords(line: StatementLine, method: TransactionSettlement['method'] = null): string {
  const bank = isBankPayment(line, method);
  switch (line.kind) {
    case 'rent_payment':
      return bank ? 'Bank payment' : 'Rent payment';
    case 'bank_debit_settled':
      return 'Bank payment settled';
    case 'bank_debit_failed':
      return 'Bank payment failed';
    case 'recorded_payment': {
      const how = RECORDED_DESCRIPTION.exec(line.description)?.[1];
      return how ? `Recorded payment (${how})` : 'Recorded payment';
    }
    case 'recorded_payment_void':
      return 'Recorded payment voided';
    case 'refund':
      return 'Refund';
    // The only correction the ledger posts is a refund that failed (decision 0021).
    case 'correction':
      return 'Refund failed';
    case 'dispute':
      return bank ? 'Return' : 'Dispute';
    case 'dispute_won':
      return bank ? 'Return reversed' : 'Dispute won';
    case 'dispute_lost':
      return bank ? 'Return final' : 'Dispute lost';
    case 'rent_charge':
      return 'Rent charge';
    case 'rent_credit':
      return 'Rent credit';
    case 'late_fee':
      return 'Late fee';
    case 'late_fee_waiver':
      return 'Late fee waived';
  }
}

const dayOf = (iso: string, timeZone: string): string => {
  const { year, month, day } = localDateAt(new Date(iso), timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

/**
 * When the line's money was settled, or null: a card payment, refund or dispute when it happened; a
 * bank payment when the bank settled it (on the payment's line and on the settlement's), never while
 * processing or once failed; a recorded payment when the landlord received it. Charges and voids move
 * no money.
 */
export function settledAtOf(line: StatementLine, settlement: TransactionSettlement): string | null {
  if (isChargeLine(line) || line.kind === 'bank_debit_failed' || line.kind === 'recorded_payment_void') return null;
  if (line.kind === 'rent_payment' && isBankPayment(line, settlement.method)) return settlement.bankSettledAt;
  return line.occurredAt;
}

/** The receipt a line belongs to: a payment's own, or the payment a correction names; none for charges. */
export function receiptIdOf(line: StatementLine): string | null {
  if (isChargeLine(line)) return null;
  return line.kind === 'rent_payment' || line.kind === 'recorded_payment' ? line.journalId : line.correctsJournalId;
}

export interface TransactionLineContext {
  timeZone: string;
  tenantName: string;
  propertyAddress: string;
  settlement: TransactionSettlement;
}

/**
 * One CSV line. Dates are days on the landlord's calendar; the date paid of a bank payment's answer
 * is the day the tenant paid (its countsAt), so it sits with its payment. Text cells are formula-safe
 * (csvCell); amounts are dollars from cents, negative for money going back. Net is received less the
 * processor fee, as the statements count it.
 */
export function transactionCsvRow(line: StatementLine, context: TransactionLineContext): string {
  const settledAt = settledAtOf(line, context.settlement);
  const deposit = context.settlement.deposit;
  const values: CsvValue[] = [
    dayOf(line.countsAt, context.timeZone),
    settledAt ? dayOf(settledAt, context.timeZone) : '',
    billingMonthKey({ year: line.billingYear, month: line.billingMonth }),
    context.tenantName,
    context.propertyAddress,
    transactionKindWords(line, context.settlement.method),
    { cents: line.chargedCents },
    { cents: line.grossCents },
    { cents: line.platformFeeCents },
    { cents: line.processorFeeCents },
    { cents: line.processingCents },
    { cents: line.receivedCents - line.processorFeeCents },
    deposit?.payoutId ?? '',
    deposit?.arrivedAt ? dayOf(deposit.arrivedAt, context.timeZone) : '',
    receiptIdOf(line) ?? '',
  ];
  return csvRow(values);
}

export function transactionsCsvHeader(): string {
  return csvRow(TRANSACTIONS_CSV_HEADER);
}

/** A period of days on the landlord's calendar, both ends included ('2025-01-01' to '2025-12-31'). */
export interface TransactionsPeriod {
  from: string;
  to: string;
}

/** A year's period, or the one given. */
export function transactionsPeriodOf(query: { year?: number; from?: string; to?: string }): TransactionsPeriod {
  if (query.year !== undefined) return { from: `${query.year}-01-01`, to: `${query.year}-12-31` };
  if (query.from === undefined || query.to === undefined) throw new Error('A period needs a year, or from and to');
  return { from: query.from, to: query.to };
}

const partsOf = (day: string): [number, number, number] => day.split('-').map(Number) as [number, number, number];

/** The instants the period covers on the landlord's calendar: from its first day's start to the day after its last. */
export function transactionsWindow(period: TransactionsPeriod, timeZone: string): { from: Date; before: Date } {
  const [toYear, toMonth, toDay] = partsOf(period.to);
  const dayAfter = new Date(Date.UTC(toYear, toMonth - 1, toDay + 1));
  return {
    from: startOfLocalDay(...partsOf(period.from), timeZone),
    before: startOfLocalDay(dayAfter.getUTCFullYear(), dayAfter.getUTCMonth() + 1, dayAfter.getUTCDate(), timeZone),
  };
}

/** 'rentwise-transactions-2025.csv', or 'rentwise-transactions-2025-01-01-to-2025-03-31.csv'. */
export function transactionsFileName(period: TransactionsPeriod): string {
  const [year] = partsOf(period.from);
  const wholeYear = period.from === `${year}-01-01` && period.to === `${year}-12-31`;
  return `rentwise-transactions-${wholeYear ? year : `${period.from}-to-${period.to}`}.csv`;
}
