import { Query } from '@nestjs/cqrs';
import type { StatementJournal } from '@rentwise/libs/statements';

/**
 * A page of the ledger's journals for a projector, in commit-safe order. `position` is opaque: the
 * `nextPosition` of the previous page (a whole read's to begin with, ReadWholeLedgerFeed). A journal's
 * entries come as one sum per account it touches.
 *
 * Only journals whose writing transaction is older than every transaction still running are
 * returned (below the snapshot's xmin), so a journal that commits late, out of order, is never
 * skipped: the position stops short of it until it has committed.
 */
export class ReadLedgerFeed extends Query<LedgerFeedPage> {
  constructor(
    readonly position: string,
    /** At most this many writing transactions' journals (a transaction's journals come together). */
    readonly limit: number,
  ) {
    super();
  }
}

/**
 * Every journal the snapshot sees, from the beginning, up to `pageSize` journals a page, read through
 * one cursor in the caller's transaction: a projector starting from nothing, or after a restore into
 * another cluster, and a rebuild fold the whole ledger with flat memory instead of holding it. In no
 * particular order unless `inJournalOrder` (by journal id, for a rebuild to merge with its lines; the
 * sort costs the read about a third). Iterate it inside that transaction; every page carries the one
 * horizon the whole read is consistent with as its nextPosition, and the last says caughtUp.
 */
export class ReadWholeLedgerFeed extends Query<AsyncIterable<LedgerFeedPage>> {
  constructor(
    readonly pageSize: number,
    readonly inJournalOrder = false,
  ) {
    super();
  }
}

export interface LedgerFeedPage {
  journals: StatementJournal[];
  /** Every journal written by a transaction below this position has been returned. */
  nextPosition: string;
  /** False when more journals are ready after nextPosition (ask again). */
  caughtUp: boolean;
  /**
   * The database cluster's system identifier. Positions are transaction ids, which restart lower
   * after a restore into another cluster: when this changes, rebuild from the beginning.
   */
  clusterSystemIdentifier: string;
}

/** How far a position is behind the ledger: journals not yet read and the oldest one's recording time. */
export class GetLedgerBacklog extends Query<LedgerBacklog> {
  constructor(readonly position: string | null) {
    super();
  }
}

export interface LedgerBacklog {
  journals: number;
  /** ISO time the oldest unread journal was recorded, or null when none is waiting. */
  oldestRecordedAt: string | null;
}
