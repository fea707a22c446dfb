import { Command } from '@nestjs/cqrs';
import type { StatementLine } from '@rentwise/libs/statements';

export interface LineDifference {
  journalId: string;
  /** null: the live table lacks the journal. */
  live: StatementLine | null;
  /** null: the rebuild has no such journal. */
  rebuilt: StatementLine | null;
}

export interface StatementsRebuilt {
  lines: number;
  differences: LineDifference[];
  swapped: boolean;
}

/**
 * Builds the statement lines again from the start of the ledger with the projector's own code,
 * compares them with the live lines both ways and (with swap) puts them live in one transaction.
 */
export class RebuildStatements extends Command<StatementsRebuilt> {
  constructor(readonly swap: boolean) {
    super();
  }
}
