import type { ProviderBalanceTransaction } from '../gateways/payment-gateway.port';

/** What reconciliation reports: money the provider moved that the ledger lacks, or the other way round. */
export type DifferenceKind = 'missing_journal' | 'extra_journal' | 'amount_differs';

/**
 * A journal of the ledger that mirrors a movement on the landlord's provider balance: its key, and
 * the amount the provider shows for it (gross, as the balance transaction's `amount`).
 */
export interface ProviderJournal {
  transactionId: string;
  /** The journal's business key (its idempotency key), or `rent-payment:<acct>/<ch>` for payments. */
  matchKey: string;
  kind: string;
  occurredAt: Date;
  providerAmountCents: number;
}

export interface Difference {
  kind: DifferenceKind;
  /** The provider object or journal key the difference is about: stable across runs, so it is stored once. */
  reference: string;
  balanceTransactionId: string | null;
  ledgerTransactionId: string | null;
  providerAmountCents: number | null;
  ledgerAmountCents: number | null;
  occurredAt: Date;
}

/**
 * The key of the journal a balance transaction must have (docs/decisions/0021), or null for lines
 * the ledger does not mirror (payouts, the provider's own adjustments).
 */
export function journalKeyOf(accountId: string, line: ProviderBalanceTransaction): string | null {
  switch (line.kind) {
    case 'charge':
      return line.sourceId ? `rent-payment:${accountId}/${line.sourceId}` : null;
    case 'refund':
      return line.sourceId ? `refund:${accountId}/${line.sourceId}` : null;
    case 'refund_failure':
      return line.sourceId ? `refund-failure:${accountId}/${line.sourceId}` : null;
    case 'dispute':
    case 'dispute_reversal':
      return `dispute-txn:${accountId}/${line.balanceTransactionId}`;
    default:
      return null;
  }
}

/** A ledger journal of one account as reconciliation reads it. */
export interface LedgerJournal {
  transactionId: string;
  kind: string;
  idempotencyKey: string;
  /** `<acct>/<provider object>` */
  providerReference: string;
  occurredAt: Date;
  /** What the provider would show: the journal's payment-account, held and clearing sides, negated. */
  providerAmountCents: number;
  /** The journal moved money into bank_debit_clearing: a bank debit sent, not yet on the balance. */
  bankDebit: boolean;
}

const SETTLED_KEY_PREFIX = 'bank-debit-settled:';

/**
 * The journal as the provider's balance would mirror it, or null when it moves no provider money.
 * A bank debit (decision 0037) reaches the landlord's balance only when it settles: its payment
 * journal (clearing) is not compared, its settlement takes the charge's key and amount, and a failed
 * debit moves nothing. A lost dispute moves nothing either (the funds left when it opened).
 */
export function providerJournalOf(journal: LedgerJournal): ProviderJournal | null {
  if (journal.kind === 'dispute_lost' || journal.kind === 'bank_debit_failed') return null;
  if (journal.kind === 'rent_payment' && journal.bankDebit) return null;
  let matchKey: string;
  if (journal.kind === 'rent_payment') matchKey = `rent-payment:${journal.providerReference}`;
  else if (journal.kind === 'bank_debit_settled' && journal.idempotencyKey.startsWith(SETTLED_KEY_PREFIX))
    matchKey = `rent-payment:${journal.idempotencyKey.slice(SETTLED_KEY_PREFIX.length)}`;
  else matchKey = journal.idempotencyKey;
  if (!/^(rent-payment|refund|refund-failure|dispute-txn):/.test(matchKey)) return null;
  return {
    transactionId: journal.transactionId,
    matchKey,
    kind: journal.kind,
    occurredAt: journal.occurredAt,
    providerAmountCents: journal.providerAmountCents,
  };
}

export interface ReconciliationWindow {
  from: Date;
  to: Date;
}

const inside = (at: Date, window: ReconciliationWindow): boolean => at >= window.from && at < window.to;

/**
 * Compares the provider's balance transactions of one account with the ledger's journals of that
 * account. Both lists may reach past the window (a margin on each side, so a journal dated a moment
 * apart from its balance transaction still finds it); only what lies inside the window is reported.
 */
export function compareWithLedger(
  accountId: string,
  providerLines: readonly ProviderBalanceTransaction[],
  journals: readonly ProviderJournal[],
  window: ReconciliationWindow,
): Difference[] {
  const journalsByKey = new Map(journals.map((journal) => [journal.matchKey, journal]));
  const providerKeys = new Set<string>();
  const differences: Difference[] = [];
  for (const line of providerLines) {
    const key = journalKeyOf(accountId, line);
    if (!key) continue;
    providerKeys.add(key);
    if (!inside(line.createdAt, window)) continue;
    const journal = journalsByKey.get(key);
    if (!journal) {
      differences.push({
        kind: 'missing_journal',
        reference: key,
        balanceTransactionId: line.balanceTransactionId,
        ledgerTransactionId: null,
        providerAmountCents: line.amountCents,
        ledgerAmountCents: null,
        occurredAt: line.createdAt,
      });
    } else if (journal.providerAmountCents !== line.amountCents) {
      differences.push({
        kind: 'amount_differs',
        reference: key,
        balanceTransactionId: line.balanceTransactionId,
        ledgerTransactionId: journal.transactionId,
        providerAmountCents: line.amountCents,
        ledgerAmountCents: journal.providerAmountCents,
        occurredAt: line.createdAt,
      });
    }
  }
  for (const journal of journals) {
    if (providerKeys.has(journal.matchKey) || !inside(journal.occurredAt, window)) continue;
    differences.push({
      kind: 'extra_journal',
      reference: journal.matchKey,
      balanceTransactionId: null,
      ledgerTransactionId: journal.transactionId,
      providerAmountCents: null,
      ledgerAmountCents: journal.providerAmountCents,
      occurredAt: journal.occurredAt,
    });
  }
  return differences;
}

/** The provider keeps events for 30 days; a run never looks further back than this. */
export const PROVIDER_EVENT_WINDOW_MS = 30 * 24 * 3600 * 1000;
/** Each run starts this far before the previous one ended, so nothing at an edge goes unchecked. */
export const RUN_OVERLAP_MS = 2 * 24 * 3600 * 1000;
/** The first run of an account looks back this far. */
export const FIRST_RUN_LOOKBACK_MS = 7 * 24 * 3600 * 1000;

/** Since the last run with an overlap (or a week back the first time), never past the provider's event window. */
export function nextWindow(now: Date, lastRunTo: Date | null): ReconciliationWindow {
  const earliest = now.getTime() - (PROVIDER_EVENT_WINDOW_MS - 24 * 3600 * 1000);
  const wanted = lastRunTo ? lastRunTo.getTime() - RUN_OVERLAP_MS : now.getTime() - FIRST_RUN_LOOKBACK_MS;
  return { from: new Date(Math.max(earliest, wanted)), to: now };
}
