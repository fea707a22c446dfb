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
import { applyLineDifferences, canonicalLine, insertLines, type LineRow, readAllLineRows, rowMatchesLine, toLine } from './statement-lines';

export const STATEMENTS_PROJECTION = 'statement_lines';
/** pg_advisory_xact_lock key: one projector of this projection at a time, in any process. */
export const STATEMENTS_LOCK_KEY = 7_316_001;
const PAGE_TRANSACTIONS = 500;
/** A page of a whole-ledger read (a first projection): few enough journals to keep memory flat. */
const WHOLE_LEDGER_PAGE_JOURNALS = 20_000;

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
   * Projects what the ledger has after the stored position. While another process is at it, a wake-up
   * returns at once (that one will get there); `wait` waits for it instead and then goes on, so that a
   * reader that needs every journal committed so far (finance) gets them.
   */
  async catchUp({ wait = false }: { wait?: boolean } = {}): Promise<CatchUpResult> {
    const result: CatchUpResult = { ran: true, journals: 0, rebuilt: false };
    for (;;) {
      const step = await this.unitOfWork.run(async (manager) => {
        if (wait) await manager.query(`SELECT pg_advisory_xact_lock($1)`, [STATEMENTS_LOCK_KEY]);
        else if (!(await this.tryLock(manager))) return null;
        const stored = await this.storedPosition(manager);
        if (!stored) return { journals: await this.projectWholeLedger(manager), caughtUp: true, rebuilt: false };
        const page = await this.read(stored.position);
        if (stored.clusterSystemIdentifier !== page.clusterSystemIdentifier) {
          // Restored into another cluster: transaction ids restarted, the position means nothing.
          this.logger.warn({ was: stored.clusterSystemIdentifier, now: page.clusterSystemIdentifier }, 'Database cluster changed: rebuilding statements');
          await manager.query(`DELETE FROM statements.statement_lines`);
          return { journals: await this.projectWholeLedger(manager), caughtUp: true, rebuilt: true };
        }
        await insertLines(manager, 'statements.statement_lines', await this.linesOf(manager, page.journals));
        if (page.journals.length > 0) this.faults.crashPoint('mid-projection');
        await this.savePosition(manager, page);
        return { journals: page.journals.length, caughtUp: page.caughtUp, rebuilt: false };
      });
      if (!step) return { ...result, ran: false };
      result.journals += step.journals;
      result.rebuilt ||= step.rebuilt;
      if (step.caughtUp) return result;
    }
  }

  /**
   * The same fold from position zero, compared with the live lines both ways. With `swap`, the live
   * lines are made equal to the rebuilt ones and the position moves, in one transaction. The rebuilt
   * lines stay in memory (they were written to a temporary table and read back: with a million
   * entries that and rewriting every live line took most of the rebuild); only differences are written.
   */
  async rebuild(options: { swap: boolean }): Promise<StatementsRebuilt> {
    return this.unitOfWork.run(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock($1)`, [STATEMENTS_LOCK_KEY]);
      const page = await this.read(null);
      // The live lines are compared as of the same position: catch them up first, inside this lock.
      const stored = await this.storedPosition(manager);
      if (stored && stored.clusterSystemIdentifier === page.clusterSystemIdentifier) {
        const pending = await this.read(stored.position);
        await insertLines(manager, 'statements.statement_lines', await this.linesOf(manager, pending.journals));
      }
      const rebuilt = firstLinePerJournal(await this.linesOf(manager, page.journals));
      const live = await readAllLineRows(manager, 'statements.statement_lines');
      const differences = compareLines(live, rebuilt);
      if (options.swap) {
        await applyLineDifferences(manager, differences);
        await this.savePosition(manager, page);
      }
      return { differences, lines: rebuilt.size, swapped: options.swap };
    });
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
  private async projectWholeLedger(manager: EntityManager): Promise<number> {
    let journals = 0;
    let last: LedgerFeedPage | null = null;
    for await (const page of await this.queries.execute(new ReadWholeLedgerFeed(WHOLE_LEDGER_PAGE_JOURNALS))) {
      await insertLines(manager, 'statements.statement_lines', await this.linesOf(manager, page.journals));
      journals += page.journals.length;
      last = page;
    }
    if (journals > 0) this.faults.crashPoint('mid-projection');
    await this.savePosition(manager, last as LedgerFeedPage);
    return journals;
  }

  private read(position: string | null): Promise<LedgerFeedPage> {
    return this.queries.execute(new ReadLedgerFeed(position, PAGE_TRANSACTIONS));
  }

  private async linesOf(manager: EntityManager, journals: readonly StatementJournal[]): Promise<StatementLine[]> {
    const zones = await timeZonesOf(manager, journals.map((journal) => journal.landlordUserId));
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

/** One line per journal, the first kept (as inserting with ON CONFLICT DO NOTHING keeps it), by journal id. */
function firstLinePerJournal(lines: readonly StatementLine[]): Map<string, StatementLine> {
  const byJournal = new Map<string, StatementLine>();
  for (const line of lines) if (!byJournal.has(line.journalId)) byJournal.set(line.journalId, line);
  return byJournal;
}

const byJournalId = (a: LineDifference, b: LineDifference): number => (a.journalId < b.journalId ? -1 : a.journalId > b.journalId ? 1 : 0);

/**
 * Lines that differ, both ways: missing on either side, or different; each side's in journal order.
 * One pass over the live lines against the rebuilt ones by id; live ids are gathered only when some
 * rebuilt line was not met (a rebuild usually finds none, and these are a million lines).
 */
export function compareLines(live: readonly LineRow[], rebuiltById: ReadonlyMap<string, StatementLine>): LineDifference[] {
  const differences: LineDifference[] = [];
  let met = 0;
  for (const row of live) {
    const other = rebuiltById.get(row.journal_id);
    if (other) met += 1;
    if (!other || !rowMatchesLine(row, other)) differences.push({ journalId: row.journal_id, live: toLine(row), rebuilt: other ? canonicalLine(other) : null });
  }
  const missing: LineDifference[] = [];
  if (met < rebuiltById.size) {
    const liveIds = new Set(live.map((row) => row.journal_id));
    for (const [journalId, line] of rebuiltById) if (!liveIds.has(journalId)) missing.push({ journalId, live: null, rebuilt: canonicalLine(line) });
  }
  return [...differences.sort(byJournalId), ...missing.sort(byJournalId)];
}
