import { Query } from '@nestjs/cqrs';

export interface StatementsLag {
  /** Ledger journals not yet in the statements. */
  journalsBehind: number;
  /** Seconds since the oldest of them was recorded; 0 when caught up. */
  secondsBehind: number;
  /** ISO time the projector last moved its position, or null before its first run. */
  lastRunAt: string | null;
}

/** How far the statements projection is behind the ledger (shown in /api/health). */
export class GetStatementsLag extends Query<StatementsLag> {}
