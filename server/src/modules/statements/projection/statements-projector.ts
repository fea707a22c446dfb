import { Injectable, Logger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { billingMonthOf } from '@rentwise/libs/billing-month';
import { type StatementJournal, type StatementLine, statementLineOf } from '@rentwise/libs/statements';
import type { EntityManager } from 'typeorm';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { Faults } from '../../../infrastructure/faults/faults';
import type { LineDifference, StatementsRebuilt } from '../contracts/rebuild-statements.command';
import { LedgerFeedPage, ReadLedgerFeed, ReadWholeLedgerFeed } from '../../payments/contracts/read-ledger-feed.query';
import { timeZonesOf } from '../settings/landlord-time-zone';
import { applyLineDifferences, canonicalLine, insertLines, type LineRow, liveLineRowsInJournalOrder, rowMatchesLine, toLine } from './statement-lines';

export const STATEMENTS_PROJECTION = 'statement_lines';
/** pg_advisory_xact_lock key: one projector of this projection at a time, in any process. */
export const STATEMENTS_LOCK_KEY = 7_316_001;
const PAGE_TRANSACTIONS = 500;
/** A page of a whole-ledger read (a first projection): few enough journals to keep memory flat. */
const WHOLE_LEDGER_PAGE_JOURNALS = 20_000;
/** How long a waiting catch-up waits for transactions open elsewhere to end before it reads what it has. */
const HORIZON_WAIT_MS = 30_000;
const FIRST_HORIZON_PAUSE_MS = 10;
const LAST_HORIZON_PAUSE_MS = 200;

export interface StoredPosition {
  position: string;
  clusterSystemIdentifier: string;
}

export interface CatchUpResult {
  /** False when another projector held the lock (it is doing the work). */
  ran: boolean;
  journals: number;
  rebuilt: boolean;
}

/**
 * Keeps statements.statement_lines up to date with the ledger. Each step is one transaction: take the
 * projection's lock, read the ledger after the stored position, write the lines and move the position.
 * A job only wakes it; what it reads is decided by the position, so a lost or doubled wake-up is harmless.
 */
@Injectable()
export class StatementsProjector {
  private readonly logger = new Logger(StatementsProjector.name);

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly queries: QueryBus,
    private readonly faults: Faults,
  ) {}

  /**
   * Projects what the ledger has after the stored position. While another process is at it, a sweep
   * returns at once (the next sweep will get there); `wait` waits for it instead and then goes on, so that
   * a wake-up or a reader that needs every journal committed so far (finance) gets them.
   *
   * The feed stops below the oldest transaction still running anywhere in the cluster (transaction ids
   * are cluster-wide), so a journal committed before the call can sit above the position while some
   * other transaction, even in another database, is open. `wait` therefore also waits, for up to
   * HORIZON_WAIT_MS, until the position has passed every transaction that had begun before the call.
   */
  async catchUp({ wait = false }: { wait?: boolean } = {}): Promise<CatchUpResult> {
    const result: CatchUpResult = { ran: true, journals: 0, rebuilt: false };
    const target = wait ? await this.everyTransactionBegunSoFar() : null;
    const deadline = Date.now() + HORIZON_WAIT_MS;
    let pauseMs = FIRST_HORIZON_PAUSE_MS;
    for (;;) {
      const step = await this.unitOfWork.run(async (manager) => {
        if (wait) await manager.query(`SELECT pg_advisory_xact_lock($1)`, [STATEMENTS_LOCK_KEY]);
        else if (!(await this.tryLock(manager))) return null;
        const stored = await this.storedPosition(manager);
        if (!stored) return { ...(await this.projectWholeLedger(manager)), caughtUp: true, rebuilt: false };
        const page = await this.read(stored.position);
        if (stored.clusterSystemIdentifier !== page.clusterSystemIdentifier) {
          // Restored into another cluster: transaction ids restarted, the position means nothing.
          this.logger.warn({ was: stored.clusterSystemIdentifier, now: page.clusterSystemIdentifier }, 'Database cluster changed: rebuilding statements');
          await manager.query(`DELETE FROM statements.statement_lines`);
          return { ...(await this.projectWholeLedger(manager)), caughtUp: true, rebuilt: true };
        }
        await insertLines(manager, 'statements.statement_lines', await this.linesOf(manager, page.journals));
        if (page.journals.length > 0) this.faults.crashPoint('mid-projection');
        await this.savePosition(manager, page);
        return { journals: page.journals.length, position: page.nextPosition, caughtUp: page.caughtUp, rebuilt: false };
      });
      if (!step) return { ...result, ran: false };
      result.journals += step.journals;
      result.rebuilt ||= step.rebuilt;
      if (!step.caughtUp) continue;
      if (target === null || BigInt(step.position) >= target) return result;
      if (Date.now() >= deadline) {
        this.logger.warn({ position: step.position, target: target.toString() }, 'A transaction open elsewhere in the cluster holds the statements back');
        return result;
      }
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
      pauseMs = Math.min(pauseMs * 2, LAST_HORIZON_PAUSE_MS);
    }
  }

  /** Above every transaction id assigned so far: once the position reaches it, all of them have been read. */
  private async everyTransactionBegunSoFar(): Promise<bigint> {
    const [{ xmax }] = await this.unitOfWork.manager.query<{ xmax: string }[]>(`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax`);
    return BigInt(xmax);
  }

  /**
   * The same fold from position zero, compared with the live lines both ways. With `swap`, the live
   * lines are made equal to the rebuilt ones and the position moves, in one transaction. The ledger
   * and the live lines are each read by journal id through a cursor, a page at a time, and merged:
   * memory holds a page of each, the differences and the landlords' time zones, whatever the ledger's size.
   */
  async rebuild(options: { swap: boolean }): Promise<StatementsRebuilt> {
    return this.unitOfWork.run(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock($1)`, [STATEMENTS_LOCK_KEY]);
      // The live lines are compared as of the same position: catch them up first, inside this lock.
      await this.catchUpLive(manager);
      const ledger: { last: LedgerFeedPage | null } = { last: null };
      const rebuilt = this.linesOfPages(manager, await this.queries.execute(new ReadWholeLedgerFeed(WHOLE_LEDGER_PAGE_JOURNALS, true)), ledger);
      const { differences, lines } = await compareInJournalOrder(liveLineRowsInJournalOrder(manager, WHOLE_LEDGER_PAGE_JOURNALS), rebuilt);
      if (options.swap) {
        await applyLineDifferences(manager, differences);
        await this.savePosition(manager, ledger.last as LedgerFeedPage);
      }
      return { differences, lines, swapped: options.swap };
    });
  }

  /** Projects what the live lines still lack after the stored position, when it is this cluster's. */
  private async catchUpLive(manager: EntityManager): Promise<void> {
    const stored = await this.storedPosition(manager);
    if (!stored) return;
    const pending = await this.read(stored.position);
    if (pending.clusterSystemIdentifier !== stored.clusterSystemIdentifier) return;
    await insertLines(manager, 'statements.statement_lines', await this.linesOf(manager, pending.journals));
  }

  /** Each page's lines in the page's order; `read.last` is the last page read (its horizon is the read's). */
  private async *linesOfPages(
    manager: EntityManager,
    pages: AsyncIterable<LedgerFeedPage>,
    read: { last: LedgerFeedPage | null },
  ): AsyncGenerator<StatementLine> {
    const zones = new Map<string, string>();
    for await (const page of pages) {
      read.last = page;
      yield* await this.linesOf(manager, page.journals, zones);
    }
  }

  /** Re-buckets one landlord's lines after a time zone change, under the projection's lock. */
  async rebucketLandlord(manager: EntityManager, landlordUserId: string, timeZone: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock($1)`, [STATEMENTS_LOCK_KEY]);
    // A bank debit's answer goes with its payment: by counts_at where it has one.
    const rows = await manager.query<{ journal_id: string; counts_at: Date }[]>(
      `SELECT journal_id, coalesce(counts_at, occurred_at) AS counts_at FROM statements.statement_lines WHERE landlord_user_id = $1`,
      [landlordUserId],
    );
    const months = rows.map((row) => {
      const { year, month } = billingMonthOf(row.counts_at, timeZone);
      return { journal_id: row.journal_id, billing_year: year, billing_month: month };
    });
    if (months.length === 0) return;
    await manager.query(
      `UPDATE statements.statement_lines l SET billing_year = m.billing_year, billing_month = m.billing_month
         FROM json_to_recordset($1::json) AS m(journal_id uuid, billing_year int, billing_month int)
        WHERE l.journal_id = m.journal_id`,
      [JSON.stringify(months)],
    );
  }

  async storedPosition(manager: EntityManager = this.unitOfWork.manager): Promise<StoredPosition | null> {
    const [row] = await manager.query<{ position: string; cluster_system_identifier: string }[]>(
      `SELECT position::text AS position, cluster_system_identifier FROM statements.projection_positions WHERE projection = $1`,
      [STATEMENTS_PROJECTION],
    );
    return row ? { position: row.position, clusterSystemIdentifier: row.cluster_system_identifier } : null;
  }

  private async tryLock(manager: EntityManager): Promise<boolean> {
    const [{ locked }] = await manager.query<{ locked: boolean }[]>(`SELECT pg_try_advisory_xact_lock($1) AS locked`, [
      STATEMENTS_LOCK_KEY,
    ]);
    return locked;
  }

  /**
   * Every journal from the beginning, a page at a time in the caller's transaction (one snapshot), then
   * the position at the read's horizon: a first projection of a large ledger holds a page, not the ledger.
   */
  private async projectWholeLedger(manager: EntityManager): Promise<{ journals: number; position: string }> {
    let journals = 0;
    let last: LedgerFeedPage | null = null;
    const zones = new Map<string, string>();
    for await (const page of await this.queries.execute(new ReadWholeLedgerFeed(WHOLE_LEDGER_PAGE_JOURNALS))) {
      await insertLines(manager, 'statements.statement_lines', await this.linesOf(manager, page.journals, zones));
      journals += page.journals.length;
      last = page;
    }
    if (journals > 0) this.faults.crashPoint('mid-projection');
    await this.savePosition(manager, last as LedgerFeedPage);
    return { journals, position: (last as LedgerFeedPage).nextPosition };
  }

  private read(position: string): Promise<LedgerFeedPage> {
    return this.queries.execute(new ReadLedgerFeed(position, PAGE_TRANSACTIONS));
  }

  /**
   * The journals' lines, in the landlords' time zones. A whole read passes one `zones` for all its
   * pages: its pages come in journal id order, so each names most landlords, and asking for every
   * page's landlords again cost landlords x pages (a tenth of a 10x rebuild).
   */
  private async linesOf(manager: EntityManager, journals: readonly StatementJournal[], zones = new Map<string, string>()): Promise<StatementLine[]> {
    const unknown = journals.map((journal) => journal.landlordUserId).filter((landlordUserId) => !zones.has(landlordUserId));
    if (unknown.length > 0) for (const [landlordUserId, zone] of await timeZonesOf(manager, unknown)) zones.set(landlordUserId, zone);
    return journals.map((journal) => statementLineOf(journal, zones.get(journal.landlordUserId) as string));
  }

  private async savePosition(manager: EntityManager, page: LedgerFeedPage): Promise<void> {
    await manager.query(
      `INSERT INTO statements.projection_positions (projection, position, cluster_system_identifier, updated_at)
       VALUES ($1, $2::xid8, $3, now())
       ON CONFLICT (projection) DO UPDATE
         SET position = EXCLUDED.position, cluster_system_identifier = EXCLUDED.cluster_system_identifier, updated_at = now()`,
      [STATEMENTS_PROJECTION, page.nextPosition, page.clusterSystemIdentifier],
    );
  }
}

/**
 * Lines that differ, both ways, from the live rows and the rebuilt lines, each in journal id order:
 * missing on either side, or different; those the live table has first, then those it lacks, each in
 * journal order. A journal's second line (the ledger read joined it twice) is left out, as inserting
 * with ON CONFLICT DO NOTHING leaves it.
 */
export async function compareInJournalOrder(
  live: AsyncIterable<LineRow>,
  rebuilt: AsyncIterable<StatementLine>,
): Promise<{ differences: LineDifference[]; lines: number }> {
  const liveRows = live[Symbol.asyncIterator]();
  const rebuiltLines = rebuilt[Symbol.asyncIterator]();
  const inLive: LineDifference[] = [];
  const notInLive: LineDifference[] = [];
  let lines = 0;
  let lastJournalId: string | null = null;
  let row = await liveRows.next();
  let line = await rebuiltLines.next();
  while (!row.done || !line.done) {
    if (!line.done && line.value.journalId === lastJournalId) {
      line = await rebuiltLines.next();
    } else if (!line.done && (row.done || line.value.journalId < row.value.journal_id)) {
      notInLive.push({ journalId: line.value.journalId, live: null, rebuilt: canonicalLine(line.value) });
      lastJournalId = line.value.journalId;
      lines += 1;
      line = await rebuiltLines.next();
    } else if (line.done || row.value.journal_id < line.value.journalId) {
      const stale = row.value as LineRow;
      inLive.push({ journalId: stale.journal_id, live: toLine(stale), rebuilt: null });
      row = await liveRows.next();
    } else {
      if (!rowMatchesLine(row.value as LineRow, line.value)) {
        inLive.push({ journalId: line.value.journalId, live: toLine(row.value as LineRow), rebuilt: canonicalLine(line.value) });
      }
      lastJournalId = line.value.journalId;
      lines += 1;
      row = await liveRows.next();
      line = await rebuiltLines.next();
    }
  }
  return { differences: [...inLive, ...notInLive], lines };
}
