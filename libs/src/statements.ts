import {
  type BillingMonth,
  billingMonthKey,
  billingMonthOf,
  compareBillingMonths,
  localYearMonthAt,
  shiftBillingMonth,
} from './billing-month';
import { PLATFORM_FEE_ACCOUNT } from './fees';
import type { Cents } from './money';
import type { RECEIVED_BY_LANDLORD_ACCOUNT } from './recorded-payments';

/**
 * The pure core of the statements projection: a ledger journal becomes one statement line (keyed by
 * the journal, so seeing it twice changes nothing), and every total is recomputed from lines.
 */

export type JournalKind =
  | 'rent_payment'
  | 'refund'
  | 'correction'
  | 'dispute'
  | 'dispute_won'
  | 'dispute_lost'
  | 'bank_debit_settled'
  | 'bank_debit_failed'
  | 'rent_charge'
  | 'rent_credit'
  | 'late_fee'
  | 'late_fee_waiver'
  | 'recorded_payment'
  | 'recorded_payment_void';
export type JournalAccount =
  | 'tenant_card'
  | 'landlord_payable'
  | typeof PLATFORM_FEE_ACCOUNT
  | 'disputed'
  | 'dispute_fees'
  | 'bank_debit_clearing'
  | 'tenant_receivable'
  | 'rent_charged'
  | 'late_fees_charged'
  | typeof RECEIVED_BY_LANDLORD_ACCOUNT;

/** A tenant paying rent: through Rentwise, or outside it and recorded by the landlord (decision 0043). */
export const PAYMENT_KINDS: ReadonlySet<JournalKind> = new Set(['rent_payment', 'recorded_payment']);

/**
 * The kinds that count to the month of the payment they answer, not their own: a bank debit's
 * settlement or failure (decision 0037: the month the tenant paid, not the month the bank answered),
 * and a recorded payment's void (decision 0043: the money the landlord recorded never came, like a
 * failed debit's).
 */
export const COUNTS_AT_PAYMENT_KINDS: ReadonlySet<JournalKind> = new Set(['bank_debit_settled', 'bank_debit_failed', 'recorded_payment_void']);

const DISPUTE_KINDS: ReadonlySet<JournalKind> = new Set(['dispute', 'dispute_won', 'dispute_lost']);
/** The journals that carry a payment's processor fee: a card payment's own, a bank debit's settlement (decision 0037). */
const PAID_KINDS: ReadonlySet<JournalKind> = new Set(['rent_payment', 'bank_debit_settled']);

/** A ledger journal as the statements read it: ids, ISO dates and signed cents. */
export interface StatementJournal {
  journalId: string;
  kind: JournalKind;
  /** ISO time the money moved. */
  occurredAt: string;
  /**
   * ISO time the journal counts at for its billing month: the corrected journal's occurred_at for a
   * bank debit's settlement or failure (the month the tenant paid), its own occurred_at otherwise.
   */
  countsAt: string;
  landlordUserId: string;
  propertyId: string;
  tenantUserId: string;
  description: string;
  correctsJournalId: string | null;
  entries: readonly { account: JournalAccount; amountCents: Cents }[];
  /** The processor's own fee on the charge, paid by the landlord's account; null when unknown. */
  processorFeeCents: Cents | null;
}

export interface StatementLine {
  journalId: string;
  kind: JournalKind;
  landlordUserId: string;
  propertyId: string;
  tenantUserId: string;
  occurredAt: string;
  /** The journal's countsAt: the billing month (and a yearly statement's calendar month) comes from it. */
  countsAt: string;
  /** The month the money counts to, by the cut-off on the landlord's calendar. */
  billingYear: number;
  billingMonth: number;
  /** What the tenant's payment account was charged (negative for a refund or a failed bank debit). */
  grossCents: Cents;
  /** Our dated platform fee (the ledger's PLATFORM_FEE_ACCOUNT). */
  platformFeeCents: Cents;
  /** What the landlord received: gross less the dated platform fee (the ledger's landlord_payable account). */
  receivedCents: Cents;
  /**
   * A bank debit sent but not yet settled (the ledger's bank_debit_clearing): in gross, not yet received.
   * Gross is always platform fee + received + processing.
   */
  processingCents: Cents;
  /** The processor's fee, shown apart (tax deductible); for a dispute, the provider's dispute fee (negative when returned). */
  processorFeeCents: Cents;
  /**
   * What the journal charged the tenant (the ledger's tenant_receivable, decision 0039): a month's rent
   * or a late fee; negative for a rent credit or a waived fee. Zero on every payment's line.
   */
  chargedCents: Cents;
  description: string;
  correctsJournalId: string | null;
}

/** The kinds that charge the tenant rent, or give some back (a move-out's credit). */
export const RENT_CHARGE_KINDS: ReadonlySet<JournalKind> = new Set(['rent_charge', 'rent_credit']);
/** The kinds that charge or waive a late fee. */
export const LATE_FEE_KINDS: ReadonlySet<JournalKind> = new Set(['late_fee', 'late_fee_waiver']);
/** Whether a line is a charge (rent or late fee), not money moving. */
export const isChargeLine = (line: Pick<StatementLine, 'kind'>): boolean => RENT_CHARGE_KINDS.has(line.kind) || LATE_FEE_KINDS.has(line.kind);

const sumOf = (journal: StatementJournal, account: JournalAccount): Cents =>
  journal.entries.filter((entry) => entry.account === account).reduce((total, entry) => total + entry.amountCents, 0);

export function statementLineOf(journal: StatementJournal, timeZone: string): StatementLine {
  const { year, month } = billingMonthOf(new Date(journal.countsAt), timeZone);
  const processorFee = journal.processorFeeCents ?? 0;
  return {
    journalId: journal.journalId,
    kind: journal.kind,
    landlordUserId: journal.landlordUserId,
    propertyId: journal.propertyId,
    tenantUserId: journal.tenantUserId,
    occurredAt: journal.occurredAt,
    countsAt: journal.countsAt,
    billingYear: year,
    billingMonth: month,
    // 0 - x, not -x: a journal that never touches the card (a dispute's) has 0 gross, not -0.
    grossCents: 0 - sumOf(journal, 'tenant_card'),
    platformFeeCents: sumOf(journal, PLATFORM_FEE_ACCOUNT),
    // Money held for an open dispute is still the landlord's until the dispute is lost: a lost dispute
    // lowers what was received in its own month, as a refund does, and its fee counts as a fee. Money a
    // landlord recorded was received in their own hands (decision 0043).
    receivedCents:
      sumOf(journal, 'landlord_payable') + sumOf(journal, 'disputed') + sumOf(journal, 'dispute_fees') + sumOf(journal, 'received_by_landlord'),
    // Sent, settled (moved to received and the platform fee) or failed (back to the tenant: out of gross).
    processingCents: sumOf(journal, 'bank_debit_clearing'),
    // A refund gives the card money back; the processor keeps its fee, so it is not negated.
    processorFeeCents: PAID_KINDS.has(journal.kind) ? processorFee : DISPUTE_KINDS.has(journal.kind) ? sumOf(journal, 'dispute_fees') : 0,
    chargedCents: sumOf(journal, 'tenant_receivable'),
    description: journal.description,
    correctsJournalId: journal.correctsJournalId,
  };
}

/** Folds journals into the lines: a journal already there is left as it was. */
export function projectLines(
  lines: ReadonlyMap<string, StatementLine>,
  journals: readonly StatementJournal[],
  timeZoneOf: (landlordUserId: string) => string,
): Map<string, StatementLine> {
  const next = new Map(lines);
  for (const journal of journals) {
    if (!next.has(journal.journalId)) {
      next.set(journal.journalId, statementLineOf(journal, timeZoneOf(journal.landlordUserId)));
    }
  }
  return next;
}

export interface MoneyTotals {
  grossCents: Cents;
  platformFeeCents: Cents;
  receivedCents: Cents;
  /** Bank debits sent and not yet settled or failed. */
  processingCents: Cents;
  processorFeeCents: Cents;
  /** What reached the landlord's bank: received less the processor's fee. */
  netCents: Cents;
  /** Payments made, processing ones included; a failed bank debit is none (see addLine). */
  payments: number;
}

/** Zero of everything. Frozen: totals are summed in place, always in a copy (`{ ...NO_MONEY }`). */
export const NO_MONEY: Readonly<MoneyTotals> = Object.freeze({
  grossCents: 0,
  platformFeeCents: 0,
  receivedCents: 0,
  processingCents: 0,
  processorFeeCents: 0,
  netCents: 0,
  payments: 0,
});

export function addTotals(a: MoneyTotals, b: MoneyTotals): MoneyTotals {
  return {
    grossCents: a.grossCents + b.grossCents,
    platformFeeCents: a.platformFeeCents + b.platformFeeCents,
    receivedCents: a.receivedCents + b.receivedCents,
    processingCents: a.processingCents + b.processingCents,
    processorFeeCents: a.processorFeeCents + b.processorFeeCents,
    netCents: a.netCents + b.netCents,
    payments: a.payments + b.payments,
  };
}

/** Adds a line's money to totals of its own (a statement adds up thousands of lines: no object per line). */
function addLine(totals: MoneyTotals, line: StatementLine): void {
  totals.grossCents += line.grossCents;
  totals.platformFeeCents += line.platformFeeCents;
  totals.receivedCents += line.receivedCents;
  totals.processingCents += line.processingCents;
  totals.processorFeeCents += line.processorFeeCents;
  totals.netCents += line.receivedCents - line.processorFeeCents;
  // A payment counts when it is made, so a processing bank debit is one; its failure counts to the
  // same month (countsAt) and takes it back, so a failed debit is no payment there. A refund or a
  // lost dispute leaves the payment made. A recorded payment's void takes it back, as a failure does.
  if (PAYMENT_KINDS.has(line.kind)) totals.payments += 1;
  else if (line.kind === 'bank_debit_failed' || line.kind === 'recorded_payment_void') totals.payments -= 1;
}

export function totalsOfLines(lines: Iterable<StatementLine>): MoneyTotals {
  const totals = { ...NO_MONEY };
  for (const line of lines) addLine(totals, line);
  return totals;
}

/** Totals per billing month ('2024-03'), recomputed from the lines every time. */
export function totalsByBillingMonth(lines: Iterable<StatementLine>): Map<string, MoneyTotals> {
  const totals = new Map<string, MoneyTotals>();
  for (const line of lines) {
    const key = billingMonthKey({ year: line.billingYear, month: line.billingMonth });
    let month = totals.get(key);
    if (!month) totals.set(key, (month = { ...NO_MONEY }));
    addLine(month, line);
  }
  return totals;
}

export interface MonthRow extends MoneyTotals {
  year: number;
  month: number;
  /** Rent charged to the month (decision 0039): its charges, less any move-out credit. */
  rentDueCents: Cents;
  /** Late fees charged to the month, less those waived. */
  lateFeesCents: Cents;
  /** What the tenant owed before this month (negative: paid ahead). */
  openingBalanceCents: Cents;
  closingBalanceCents: Cents;
  fullAmountReceived: boolean;
  /** Rent and late fees still due for the month itself; zero once received and processing cover them. */
  stillDueCents: Cents;
}

export interface MonthRowsInput {
  /** The first month shown; rows run oldest first through `through`. */
  from: BillingMonth;
  through: BillingMonth;
  lines: Iterable<StatementLine>;
}

/** What each billing month was charged, rent and late fees apart, from the charge lines. */
function chargesByBillingMonth(lines: Iterable<StatementLine>): Map<string, { rentCents: Cents; lateFeesCents: Cents }> {
  const charges = new Map<string, { rentCents: Cents; lateFeesCents: Cents }>();
  for (const line of lines) {
    if (line.chargedCents === 0) continue;
    const key = billingMonthKey({ year: line.billingYear, month: line.billingMonth });
    let month = charges.get(key);
    if (!month) charges.set(key, (month = { rentCents: 0, lateFeesCents: 0 }));
    if (RENT_CHARGE_KINDS.has(line.kind)) month.rentCents += line.chargedCents;
    else month.lateFeesCents += line.chargedCents;
  }
  return charges;
}

const NO_CHARGES = Object.freeze({ rentCents: 0, lateFeesCents: 0 });

/**
 * One row per month, oldest first; each month opens with the previous month's closing balance. Rent
 * due is what the month was charged (the ledger's rent charges, by their date's billing month), not
 * worked out from the rent: a month nobody lived in, or before the first charge, owes nothing.
 */
export function monthRows(input: MonthRowsInput): MonthRow[] {
  const totals = totalsByBillingMonth(input.lines);
  const charges = chargesByBillingMonth(input.lines);
  const rows: MonthRow[] = [];
  let balance = 0;
  for (let month = input.from; compareBillingMonths(month, input.through) <= 0; month = shiftBillingMonth(month, 1)) {
    const key = billingMonthKey(month);
    const money = totals.get(key) ?? NO_MONEY;
    const { rentCents: due, lateFeesCents } = charges.get(key) ?? NO_CHARGES;
    // The tenant owes nothing for money their bank is sending (a processing debit must not make rent
    // late); the landlord has received it only once it settles. A failure takes it out again.
    const paid = money.receivedCents + money.processingCents;
    const closing = balance + due + lateFeesCents - paid;
    rows.push({
      year: month.year,
      month: month.month,
      ...money,
      rentDueCents: due,
      lateFeesCents,
      openingBalanceCents: balance,
      closingBalanceCents: closing,
      // Only a month that was charged rent can have had it all: a month not charged yet (its charge posts on
      // the due day) or nobody lived in reads as what came in, paid ahead or nothing.
      fullAmountReceived: due > 0 && money.receivedCents >= due,
      stillDueCents: Math.max(0, due + lateFeesCents - paid),
    });
    balance = closing;
  }
  return rows;
}

export interface RowTotals extends MoneyTotals {
  rentDueCents: Cents;
  lateFeesCents: Cents;
}

export function totalsOfRows(rows: readonly MonthRow[]): RowTotals {
  return rows.reduce<RowTotals>(
    (total, row) => ({
      ...addTotals(total, row),
      rentDueCents: total.rentDueCents + row.rentDueCents,
      lateFeesCents: total.lateFeesCents + row.lateFeesCents,
    }),
    { ...NO_MONEY, rentDueCents: 0, lateFeesCents: 0 },
  );
}

/**
 * Totals by calendar month of the payment date (what the processor's yearly tax form reports); a bank
 * debit's settlement or failure counts at the date the tenant paid, as in its billing month.
 */
export function calendarMonthTotals(lines: Iterable<StatementLine>, year: number, timeZone: string): MoneyTotals[] {
  const byMonth: MoneyTotals[] = Array.from({ length: 12 }, () => ({ ...NO_MONEY }));
  for (const line of lines) {
    const local = localYearMonthAt(new Date(line.countsAt), timeZone);
    if (local.year === year) addLine(byMonth[local.month - 1], line);
  }
  return byMonth;
}

const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];

/**
 * The cut-off printed on every statement: 'Payments made from 11 March to 10 April count as April.'
 * Years are named when the period crosses one.
 */
export function periodInWords(month: BillingMonth): string {
  const previous = shiftBillingMonth(month, -1);
  const crossesYear = previous.year !== month.year;
  const from = `11 ${MONTHS[previous.month - 1]}${crossesYear ? ` ${previous.year}` : ''}`;
  const to = `10 ${MONTHS[month.month - 1]}${crossesYear ? ` ${month.year}` : ''}`;
  return `Payments made from ${from} to ${to} count as ${MONTHS[month.month - 1]}${crossesYear ? ` ${month.year}` : ''}.`;
}

/** 'Payments made from 11 December 2024 to 10 December 2025 count as 2025.' */
export function yearPeriodInWords(year: number): string {
  return `Payments made from 11 December ${year - 1} to 10 December ${year} count as ${year}; later ones count to the next year.`;
}

export function monthName(month: number): string {
  return MONTHS[month - 1];
}

/** An amount in a CSV: written as a plain decimal ('-1234.56') so spreadsheets add it up. */
export interface CsvAmount {
  cents: Cents;
}

export type CsvValue = string | number | CsvAmount;

/**
 * Where a spreadsheet may begin a cell in our text, spaces allowed, followed by what starts a
 * formula: the start, or after any separator it may split on (comma; semicolon, the list separator
 * of many European locales; tab; pipe). One that splits on another separator than ours does not
 * see our quotes around the cell, so the separators inside a quoted cell count too.
 */
const FORMULA_START = /(^|[,;\t|\r\n])([ \t]*)(?=[=+\-@])/g;

/**
 * A CSV cell. Text that a spreadsheet would read as a formula (starting with =, +, -, @, tab or
 * carriage return, at the start of the cell or after any separator a spreadsheet may split on) gets
 * an apostrophe there; quotes, commas and line breaks are quoted. Numbers and amounts are written
 * as they are (a negative amount is a number, not a formula).
 */
export function csvCell(value: CsvValue): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object') return centsAsDecimal(value.cents);
  const inner = value.replace(FORMULA_START, "$1$2'");
  const safe = /^[\t\r]/.test(inner) ? `'${inner}` : inner;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

export function centsAsDecimal(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 'rentwise-2025-123-main-st' from a year (or '2025-04') and an address line. */
export function statementFileName(period: string, addressLine: string | null): string {
  const slug = (addressLine ?? 'all-properties')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    // Cut before trimming, so a cut just after a separator does not leave 'main-.pdf'.
    .slice(0, 60)
    .replace(/^-|-$/g, '');
  return `rentwise-${period}-${slug || 'property'}`;
}

/**
 * The file a statement downloads as: 'rentwise-2025-04-123-main-st.pdf' for one property (its
 * address up to the first comma), 'rentwise-2025-all-properties.csv' for all of them.
 */
export function statementDownloadName(
  statement: { year: number; month: number | null; propertyId: string | null; scopeLabel: string },
  format: 'csv' | 'pdf',
): string {
  const period = statement.month === null ? String(statement.year) : `${statement.year}-${String(statement.month).padStart(2, '0')}`;
  return `${statementFileName(period, statement.propertyId ? statement.scopeLabel.split(',')[0] : null)}.${format}`;
}
