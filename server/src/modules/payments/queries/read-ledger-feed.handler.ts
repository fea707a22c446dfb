import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { PLATFORM_FEE_ACCOUNT } from '@rentwise/libs/fees';
import { RECEIVED_BY_LANDLORD_ACCOUNT } from '@rentwise/libs/recorded-payments';
import { COUNTS_AT_PAYMENT_KINDS, type JournalAccount, type JournalKind, type StatementJournal } from '@rentwise/libs/statements';
import { isoTimestamp } from '../../../infrastructure/database/iso-timestamp';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetLedgerBacklog, LedgerBacklog, LedgerFeedPage, ReadLedgerFeed, ReadWholeLedgerFeed } from '../contracts/read-ledger-feed.query';

interface JournalRow {
  id: string;
  kind: JournalKind;
  /** ISO 8601, as toISOString() writes it. */
  occurred_at: string;
  landlord_user_id: string;
  property_id: string;
  tenant_user_id: string;
  description: string;
  corrects_transaction_id: string | null;
  /** The corrected journal's occurred_at for a bank debit's settlement or failure, or a recorded payment's void; null otherwise. */
  counts_at: string | null;
  written_by_xact: string;
  processor_fee_cents: string | null;
}

/**
 * The ledger's accounts statements read: a journal's entries come as one sum per account (the
 * projector folds sums). A charge's other side (rent_charged, late_fees_charged) is the receivable's
 * mirror, so the tenant's receivable is enough (decision 0039).
 */
const ACCOUNTS: readonly JournalAccount[] = [
  'tenant_card',
  'landlord_payable',
  PLATFORM_FEE_ACCOUNT,
  'disputed',
  'dispute_fees',
  'bank_debit_clearing',
  'tenant_receivable',
  RECEIVED_BY_LANDLORD_ACCOUNT,
];
type AccountSumColumn = `${JournalAccount}_cents`;
type AccountSums = Record<AccountSumColumn, string | null>;
/** Each account with its column, built once (a key built per row and account took a tenth of a rebuild). */
const ACCOUNT_SUM_COLUMNS = ACCOUNTS.map((account) => [account, `${account}_cents` as AccountSumColumn] as const);

/** Each account's sum over a journal's entries (null: no entry on it), as columns named `<account>_cents`. */
const ACCOUNT_SUMS = ACCOUNTS.map((account) => `sum(e.amount_cents) FILTER (WHERE e.account = '${account}') AS ${account}_cents`).join(', ');
const ACCOUNT_COLUMNS = ACCOUNTS.map((account) => `e.${account}_cents`).join(', ');

/** The oldest position: below every transaction id. */
const START = '0';

/**
 * A bank debit's settlement or failure (decision 0037) and a recorded payment's void (0043) count at
 * their payment's time. A subquery only those kinds run (one primary-key probe each), not a join every
 * journal of a full read pays for.
 */
const COUNTS_AT = `CASE WHEN t.kind IN (${[...COUNTS_AT_PAYMENT_KINDS].map((kind) => `'${kind}'`).join(', ')}) THEN
                (SELECT ${isoTimestamp('o.occurred_at')} FROM payments.ledger_transactions o WHERE o.id = t.corrects_transaction_id) END`;

/**
 * The processor's fee is known once the money has settled: a card payment's at once, a bank debit's
 * with its settlement (its attempt's fee then goes with the settled journal, never the sent one).
 */
const PROCESSOR_FEE = `CASE WHEN t.kind = 'bank_debit_settled' THEN
                (SELECT b.processor_fee_cents FROM payments.card_payments b WHERE b.ledger_transaction_id = t.corrects_transaction_id)
              WHEN c.method = 'bank_debit' THEN NULL
              ELSE c.processor_fee_cents END`;

const JOURNAL_COLUMNS = `h.xmin::text AS horizon,
              (SELECT system_identifier::text FROM pg_control_system()) AS cluster,
              t.id, t.kind, ${isoTimestamp('t.occurred_at')} AS occurred_at, t.landlord_user_id, t.property_id, t.tenant_user_id, t.description,
              t.corrects_transaction_id, ${COUNTS_AT} AS counts_at, t.written_by_xact::text AS written_by_xact,
              (${PROCESSOR_FEE})::text AS processor_fee_cents`;

/** The journals of up to $2 writing transactions from position $1, each with its entries (by index). */
const PAGE_AFTER = `WITH horizon AS (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin),
            writers AS (
              SELECT DISTINCT t.written_by_xact FROM payments.ledger_transactions t, horizon h
               WHERE t.written_by_xact >= $1::xid8 AND t.written_by_xact < h.xmin
               ORDER BY t.written_by_xact LIMIT $2)
       SELECT ${JOURNAL_COLUMNS}, ${ACCOUNT_COLUMNS}
         FROM horizon h
         LEFT JOIN (payments.ledger_transactions t JOIN writers w ON w.written_by_xact = t.written_by_xact) ON true
         LEFT JOIN LATERAL (SELECT ${ACCOUNT_SUMS} FROM payments.ledger_entries e WHERE e.transaction_id = t.id) e ON true
         LEFT JOIN payments.card_payments c ON c.ledger_transaction_id = t.id
        ORDER BY t.written_by_xact, t.recorded_at, t.id`;

/**
 * Every journal this snapshot sees (a whole read, through a cursor), the entries summed in one pass
 * over the table (an index lookup per journal took most of a million-entry read), in no order unless
 * one is added: a first projection folds it as a set, and sorting a million entries' journals took a
 * third of the statement (and JSON per journal another third; on the bench ledger 2.3 s became 0.8 s).
 */
const EVERYTHING = `WITH horizon AS (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin),
            entries AS (SELECT e.transaction_id, ${ACCOUNT_SUMS} FROM payments.ledger_entries e GROUP BY e.transaction_id)
       SELECT ${JOURNAL_COLUMNS}, ${ACCOUNT_COLUMNS}
         FROM horizon h
         LEFT JOIN (payments.ledger_transactions t LEFT JOIN entries e ON e.transaction_id = t.id) ON true
         LEFT JOIN payments.card_payments c ON c.ledger_transaction_id = t.id`;

/**
 * Serves the ledger to projectors by the id of the transaction that wrote each journal. The reader's
 * own snapshot decides what is safe: journals written below its xmin have committed (or never will).
 * Runs in the caller's transaction when there is one, so a projector reads and writes in one.
 */
@QueryHandler(ReadLedgerFeed)
export class ReadLedgerFeedHandler implements IQueryHandler<ReadLedgerFeed> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ position: from, limit: pageLimit }: ReadLedgerFeed): Promise<LedgerFeedPage> {
    // One statement, one snapshot: the horizon and the rows agree.
    const rows = await this.unitOfWork.manager.query<(JournalRow & AccountSums & { horizon: string; cluster: string })[]>(PAGE_AFTER, [
      from,
      pageLimit + 1,
    ]);
    const horizon = rows[0].horizon;
    const cluster = rows[0].cluster;
    // The horizon's row joins no journal (all nulls) only when there is none.
    const journalRows = rows[0].id === null ? [] : rows;
    const writers = [...new Set(journalRows.map((row) => row.written_by_xact))];
    const caughtUp = writers.length <= pageLimit;
    const taken = caughtUp ? journalRows : journalRows.filter((row) => writers.indexOf(row.written_by_xact) < pageLimit);
    const nextPosition = caughtUp ? maxXid(horizon, from) : (BigInt(writers[pageLimit - 1]) + 1n).toString();
    return {
      journals: taken.map(toJournal),
      nextPosition,
      caughtUp,
      clusterSystemIdentifier: cluster,
    };
  }
}

/** Each whole read's cursor has a name of its own: a transaction may read the ledger twice. */
let wholeReads = 0;

@QueryHandler(ReadWholeLedgerFeed)
export class ReadWholeLedgerFeedHandler implements IQueryHandler<ReadWholeLedgerFeed> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ pageSize, inJournalOrder }: ReadWholeLedgerFeed): Promise<AsyncIterable<LedgerFeedPage>> {
    if (!Number.isSafeInteger(pageSize) || pageSize < 1) throw new RangeError(`A page of ${pageSize} journals`);
    return this.pages(pageSize, inJournalOrder ? `${EVERYTHING} ORDER BY t.id` : EVERYTHING);
  }

  private async *pages(pageSize: number, read: string): AsyncGenerator<LedgerFeedPage> {
    const manager = this.unitOfWork.manager;
    const cursor = `ledger_feed_whole_${++wholeReads}`;
    // A cursor reads in its DECLARE's snapshot, so every page agrees with the horizon of the first.
    // Not closed on an error: the transaction is then aborted, and its end closes the cursor.
    // Planned for every row, as the read is (a cursor's default plans for the first tenth: index probes per journal, not one pass).
    await manager.query(`SET LOCAL cursor_tuple_fraction = 1`);
    await manager.query(`DECLARE ${cursor} NO SCROLL CURSOR FOR ${read}`);
    let horizon: string | null = null;
    let cluster: string | null = null;
    for (;;) {
      const rows = await manager.query<(JournalRow & AccountSums & { horizon: string; cluster: string })[]>(`FETCH FORWARD ${pageSize} FROM ${cursor}`);
      horizon ??= rows[0].horizon;
      cluster ??= rows[0].cluster;
      const last = rows.length < pageSize;
      if (last) await manager.query(`CLOSE ${cursor}`);
      // The horizon's row joins no journal (all nulls) only when there is none.
      const journals = rows.filter((row) => row.id !== null).map(toJournal);
      yield { journals, nextPosition: horizon, caughtUp: last, clusterSystemIdentifier: cluster };
      if (last) return;
    }
  }
}

@QueryHandler(GetLedgerBacklog)
export class GetLedgerBacklogHandler implements IQueryHandler<GetLedgerBacklog> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ position }: GetLedgerBacklog): Promise<LedgerBacklog> {
    const [row] = await this.unitOfWork.manager.query<{ journals: string; oldest: Date | null }[]>(
      `SELECT count(*) AS journals, min(recorded_at) AS oldest
         FROM payments.ledger_transactions WHERE written_by_xact >= $1::xid8`,
      [position ?? START],
    );
    return { journals: Number(row.journals), oldestRecordedAt: row.oldest?.toISOString() ?? null };
  }
}

/** The position never moves back (a horizon below it means nothing new is ready). */
function maxXid(a: string, b: string): string {
  return BigInt(a) > BigInt(b) ? a : b;
}

function toJournal(row: JournalRow & AccountSums): StatementJournal {
  const entries: StatementJournal['entries'][number][] = [];
  for (const [account, column] of ACCOUNT_SUM_COLUMNS) {
    const sum = row[column];
    if (sum !== null) entries.push({ account, amountCents: Number(sum) });
  }
  return {
    journalId: row.id,
    kind: row.kind,
    occurredAt: row.occurred_at,
    countsAt: row.counts_at ?? row.occurred_at,
    landlordUserId: row.landlord_user_id,
    propertyId: row.property_id,
    tenantUserId: row.tenant_user_id,
    description: row.description,
    correctsJournalId: row.corrects_transaction_id,
    entries,
    processorFeeCents: row.processor_fee_cents === null ? null : Number(row.processor_fee_cents),
  };
}
