import { billingMonthLabel, localDateAt, localYearMonthAt } from './billing-month';
import { tenantChargeParts } from './fees';
import type { Cents } from './money';
import { paymentDescriptionDetail } from './payment-rules';
import { type JournalKind, PAYMENT_KINDS } from './statements';

/**
 * What a tenant owes, read from the ledger (decision 0039): charges put money in the tenant's
 * receivable; a payment takes out what the tenant paid toward rent (not its card or bank fee); a failed
 * bank debit, a refund, a lost dispute or a recorded payment's void puts back what the payment had
 * taken out.
 */

/** One ledger journal of a tenancy as the balance reads it. */
export interface TenantJournal {
  journalId: string;
  kind: JournalKind;
  /** ISO time. */
  occurredAt: string;
  description: string;
  /** The journal's entries on tenant_receivable: positive for a charge, negative for a credit or waiver. */
  receivableCents: Cents;
  /** The journal's entries on the tenant's payment account, negated: what the tenant paid (negative: money back). */
  paidCents: Cents;
  /** A payment's own tenant fee (card or bank fee) when its attempt recorded one; null for imported payments. */
  tenantFeeCents: Cents | null;
  correctsJournalId: string | null;
}

export interface TenantLedgerLine {
  journalId: string;
  kind: JournalKind;
  occurredAt: string;
  description: string;
  /** What the journal did to the balance: positive owes more, negative owes less. */
  amountCents: Cents;
  /** The balance after it; negative is credit (paid ahead). */
  balanceCents: Cents;
}

/**
 * The part of a payment that went toward rent: what was paid less the fee the tenant paid with it.
 * Cash, a check or a money order the landlord recorded carried no fee: all of it was rent.
 */
export function rentPaidCents(journal: Pick<TenantJournal, 'kind' | 'paidCents' | 'tenantFeeCents' | 'occurredAt'>): Cents {
  if (journal.kind === 'recorded_payment') return Math.max(0, journal.paidCents);
  const fee = journal.tenantFeeCents ?? tenantChargeParts(journal.paidCents, new Date(journal.occurredAt)).processingFeeCents;
  return Math.max(0, journal.paidCents - fee);
}

/** Money back to the tenant on a payment: the balance rises by it, never by more than the payment took off. */
const RETURN_KINDS: ReadonlySet<JournalKind> = new Set(['bank_debit_failed', 'refund', 'dispute_lost', 'recorded_payment_void']);

/** The journals' lines, oldest first, each with the balance after it. */
export function tenantLedgerLines(journals: readonly TenantJournal[]): TenantLedgerLine[] {
  const ordered = [...journals].sort((a, b) => a.occurredAt.localeCompare(b.occurredAt) || a.journalId.localeCompare(b.journalId));
  // What each payment took off the balance and has not yet been put back.
  const creditedByPayment = new Map<string, Cents>();
  const byId = new Map(journals.map((journal) => [journal.journalId, journal]));
  // A lost dispute names the dispute, which names the payment: the payment is at the end of the chain.
  const paymentOf = (journalId: string): string => {
    let journal = byId.get(journalId);
    while (journal && !PAYMENT_KINDS.has(journal.kind) && journal.correctsJournalId) journal = byId.get(journal.correctsJournalId);
    return journal?.journalId ?? journalId;
  };
  const lines: TenantLedgerLine[] = [];
  let balance = 0;
  for (const journal of ordered) {
    let amount = journal.receivableCents;
    if (PAYMENT_KINDS.has(journal.kind)) {
      const credited = rentPaidCents(journal);
      creditedByPayment.set(journal.journalId, credited);
      amount -= credited;
    } else if (RETURN_KINDS.has(journal.kind) && journal.paidCents < 0 && journal.correctsJournalId) {
      const payment = paymentOf(journal.correctsJournalId);
      const remaining = creditedByPayment.get(payment) ?? 0;
      const putBack = Math.min(remaining, -journal.paidCents);
      creditedByPayment.set(payment, remaining - putBack);
      amount += putBack;
    }
    if (amount === 0 && journal.receivableCents === 0 && !PAYMENT_KINDS.has(journal.kind)) continue;
    balance += amount;
    lines.push({ journalId: journal.journalId, kind: journal.kind, occurredAt: journal.occurredAt, description: journal.description, amountCents: amount, balanceCents: balance });
  }
  return lines;
}

/** The balance after every journal: what the tenant owes now (negative: credit). */
export function tenantBalanceCents(journals: readonly TenantJournal[]): Cents {
  const lines = tenantLedgerLines(journals);
  return lines.length ? lines[lines.length - 1].balanceCents : 0;
}

/** Every kind has words, so a new kind is a type error here until it is named. */
const LINE_WORDS: Record<Exclude<JournalKind, 'rent_charge'>, string> = {
  rent_payment: 'Payment',
  bank_debit_failed: 'Bank payment returned',
  refund: 'Refund',
  dispute_lost: 'Payment reversed by a card dispute',
  rent_credit: 'Rent credit',
  late_fee: 'Late fee',
  late_fee_waiver: 'Late fee waived',
  recorded_payment: 'Payment recorded by landlord',
  recorded_payment_void: 'Recorded payment voided',
  // These move no balance today (tenantLedgerLines leaves them out); named so a change cannot show a raw kind.
  correction: 'Correction',
  dispute: 'Card payment disputed',
  dispute_won: 'Card dispute won',
  bank_debit_settled: 'Bank payment settled',
};

/** The part-month tail the rent charge's description carries: 'Rent: May 2025 (17 of 31 days)'. */
const PART_MONTH = /\((\d+) of (\d+) days\)$/;

/**
 * What a ledger line is, in the words both ledgers (tenant's and landlord's, screen and CSV) use:
 * 'Rent for December 2025' (a rent charge's month on the landlord's calendar, where its due date
 * falls; a part month says its days), 'Late fee', 'Payment', 'Bank payment returned', 'Refund'.
 */
export function tenantLedgerLineWhat(line: Pick<TenantLedgerLine, 'kind' | 'occurredAt' | 'description'>, timeZone: string): string {
  // A late fee says its month (and its day of lateness), a waiver its landlord's reason (decision 0040).
  if (line.kind === 'late_fee' && line.description.startsWith('Late fee: ')) return line.description;
  if (line.kind === 'late_fee_waiver' && line.description.startsWith('Late fee waived: ')) return line.description;
  // A recorded payment says how it was paid ('Check #1234, recorded by landlord'), its void why (decision 0043).
  if (line.kind === 'recorded_payment') return paymentDescriptionDetail(line.description);
  if (line.kind === 'recorded_payment_void' && line.description.startsWith('Recorded payment voided: ')) return line.description;
  if (line.kind !== 'rent_charge') return LINE_WORDS[line.kind];
  const month = billingMonthLabel(localYearMonthAt(new Date(line.occurredAt), timeZone));
  const part = PART_MONTH.exec(line.description);
  return part ? `Rent for ${month} (${part[1]} of ${part[2]} days)` : `Rent for ${month}`;
}

/** A line's date on the landlord's calendar, 'YYYY-MM-DD': a charge due on the 1st reads the 1st wherever it is read. */
export function tenantLedgerLineDate(occurredAt: string, timeZone: string): string {
  const { year, month, day } = localDateAt(new Date(occurredAt), timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
