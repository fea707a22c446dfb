import type { Cents } from './money';
import type { JournalKind } from './statements';

/** What the statements endpoints answer: one shape for the screens, the CSV and the PDF. */

export interface StatementPropertyChoice {
  propertyId: string;
  address: string;
  rentCents: Cents;
  archived: boolean;
}

export interface OverviewMonth {
  year: number;
  month: number;
  /** 'April 2025' */
  label: string;
  rentDueCents: Cents;
  /** Late fees charged to the month, less those waived: in still due, not in rent due. */
  lateFeesCents: Cents;
  receivedCents: Cents;
  /** Bank debits sent and not yet settled: paid by the tenant, not yet received. */
  processingCents: Cents;
  stillDueCents: Cents;
  fullAmountReceived: boolean;
  /** Payments made, processing bank debits included, failed ones not. */
  payments: number;
}

export interface MonthlyOverview {
  property: StatementPropertyChoice;
  timeZone: string;
  /** Newest first, back to the tenancy's start. */
  months: OverviewMonth[];
}

export interface StatementPayment {
  /** The journal: the landlord's receipt id for a rent payment. */
  receiptId: string;
  /**
   * rent_payment, refund, correction, a dispute's journals (dispute: funds held, dispute_won,
   * dispute_lost), a bank debit's answer (bank_debit_settled, bank_debit_failed), or rent the landlord
   * recorded (recorded_payment; recorded_payment_void takes it back, decision 0043).
   */
  kind: JournalKind;
  /** ISO time the money moved (for a bank debit's answer, when the bank answered). */
  paidAt: string;
  propertyAddress: string;
  tenantName: string;
  description: string;
  grossCents: Cents;
  platformFeeCents: Cents;
  receivedCents: Cents;
  processingCents: Cents;
  processorFeeCents: Cents;
  /** A failed bank debit's line: why the bank refused it; null otherwise. */
  failureReason: string | null;
  /** A rent payment autopay made, or its bank's answer (decision 0042); false on every other line. */
  automatic: boolean;
}

export interface StatementFigures {
  /** Rent charged (decision 0039). */
  rentDueCents: Cents;
  /** Late fees charged, less those waived. */
  lateFeesCents: Cents;
  grossCents: Cents;
  platformFeeCents: Cents;
  /** Gross less the dated platform fee: what the landlord received. */
  receivedCents: Cents;
  /** Bank debits sent and not yet settled: in gross, not yet received. */
  processingCents: Cents;
  /** The processor's fee, shown apart (tax deductible). */
  processorFeeCents: Cents;
  /** Received less the processor's fee: what reached the bank. */
  netCents: Cents;
}

export interface StatementRow extends StatementFigures {
  /** 'April 2025' or a property's address. */
  label: string;
  /** Set when the row is a month. */
  year?: number;
  month?: number;
  /** Set when the row is a property. */
  propertyId?: string;
  stillDueCents: Cents;
}

export interface CalendarRow {
  label: string;
  grossCents: Cents;
  platformFeeCents: Cents;
  receivedCents: Cents;
  processingCents: Cents;
  processorFeeCents: Cents;
  netCents: Cents;
}

export interface Statement {
  kind: 'monthly' | 'yearly';
  year: number;
  /** 1-12 for a monthly statement. */
  month: number | null;
  /** null: all of the landlord's properties. */
  propertyId: string | null;
  /** The property's address, or 'All properties'. */
  scopeLabel: string;
  /** 'April 2025' or '2025'. */
  periodLabel: string;
  /** 'Payments made from 11 March to 10 April count as April.' */
  periodInWords: string;
  timeZone: string;
  /** ISO time the statement was made. */
  generatedAt: string;
  /** Monthly, all properties: one row per property. Otherwise one row per month. */
  rows: StatementRow[];
  totals: StatementRow;
  /** Monthly statements list their payments. */
  payments: StatementPayment[];
  /** Yearly statements: the same money by calendar month of the payment date. */
  calendarYear: { rows: CalendarRow[]; totals: CalendarRow } | null;
}

const KIND_WORDS: Record<JournalKind, string> = {
  rent_payment: 'Payment',
  refund: 'Refund',
  correction: 'Correction',
  dispute: 'Dispute opened',
  dispute_won: 'Dispute won',
  dispute_lost: 'Dispute lost',
  bank_debit_settled: 'Bank debit settled',
  bank_debit_failed: 'Bank debit failed',
  rent_charge: 'Rent charged',
  rent_credit: 'Rent credit',
  late_fee: 'Late fee',
  late_fee_waiver: 'Late fee waived',
  recorded_payment: 'Recorded by landlord',
  recorded_payment_void: 'Recorded payment voided',
};

/** A statement payment's kind as the landlord reads it; a bank debit not yet answered is Processing. */
export function statementPaymentKindInWords(payment: Pick<StatementPayment, 'kind' | 'processingCents'>): string {
  return payment.kind === 'rent_payment' && payment.processingCents > 0 ? 'Processing' : KIND_WORDS[payment.kind];
}

/**
 * Whether a statement shows a Processing amount: only when some bank debit in it is, or was, in
 * flight (a card-only landlord never sees the column).
 */
export function statementShowsProcessing(statement: Pick<Statement, 'rows' | 'totals' | 'payments'>): boolean {
  return (
    statement.totals.processingCents !== 0 ||
    statement.rows.some((row) => row.processingCents !== 0) ||
    statement.payments.some((payment) => payment.processingCents !== 0)
  );
}

/** Whether a statement shows a Late fees column: only when some month in it was charged one (decision 0039). */
export function statementShowsLateFees(statement: Pick<Statement, 'rows' | 'totals'>): boolean {
  return statement.totals.lateFeesCents !== 0 || statement.rows.some((row) => row.lateFeesCents !== 0);
}

export type StatementFigureKey = keyof StatementFigures | 'stillDueCents';

/** Every figure column a statement can have, in order; Processing and Late fees only where they apply. */
const STATEMENT_FIGURES: readonly { key: StatementFigureKey; title: string }[] = [
  { key: 'rentDueCents', title: 'Rent due' },
  { key: 'lateFeesCents', title: 'Late fees' },
  { key: 'grossCents', title: 'Paid by tenants' },
  { key: 'platformFeeCents', title: 'Platform fee' },
  { key: 'receivedCents', title: 'Received' },
  { key: 'processingCents', title: 'Processing' },
  { key: 'processorFeeCents', title: 'Processor fee' },
  { key: 'netCents', title: 'Net deposited' },
  { key: 'stillDueCents', title: 'Still due' },
];

/** The figure columns of a statement's rows, as the screen, the CSV and the PDF show them. */
export function statementFigures(statement: Pick<Statement, 'rows' | 'totals' | 'payments'>): { key: StatementFigureKey; title: string }[] {
  const showsProcessing = statementShowsProcessing(statement);
  const showsLateFees = statementShowsLateFees(statement);
  return STATEMENT_FIGURES.filter(
    (figure) => (figure.key !== 'processingCents' || showsProcessing) && (figure.key !== 'lateFeesCents' || showsLateFees),
  );
}

/** The figures of the calendar-year table: money that moved, by payment date (no rent, fees charged or still due). */
export function calendarFigures(statement: Pick<Statement, 'rows' | 'totals' | 'payments'>): { key: keyof CalendarRow & StatementFigureKey; title: string }[] {
  return statementFigures(statement).filter(
    (figure): figure is { key: keyof CalendarRow & StatementFigureKey; title: string } =>
      figure.key !== 'rentDueCents' && figure.key !== 'lateFeesCents' && figure.key !== 'stillDueCents',
  );
}

export interface StatementSettings {
  timeZone: string;
  /** The time zone used when a landlord has not chosen one. */
  defaultTimeZone: string;
}

/** Time zones offered in the setting (any IANA name is accepted by the endpoint). */
export const US_TIME_ZONES: readonly { id: string; label: string }[] = [
  { id: 'America/New_York', label: 'Eastern (New York)' },
  { id: 'America/Chicago', label: 'Central (Chicago)' },
  { id: 'America/Denver', label: 'Mountain (Denver)' },
  { id: 'America/Phoenix', label: 'Mountain, no DST (Phoenix)' },
  { id: 'America/Los_Angeles', label: 'Pacific (Los Angeles)' },
  { id: 'America/Anchorage', label: 'Alaska (Anchorage)' },
  { id: 'Pacific/Honolulu', label: 'Hawaii (Honolulu)' },
  { id: 'America/Puerto_Rico', label: 'Atlantic (Puerto Rico)' },
];

export function timeZoneLabel(timeZone: string): string {
  return US_TIME_ZONES.find((zone) => zone.id === timeZone)?.label ?? timeZone;
}
