import { FinanceExporter } from '../../src/modules/statements/finance/finance-exporter';
import type { LineRow } from '../../src/modules/statements/projection/statement-lines';
import { StatementsProjector } from '../../src/modules/statements/projection/statements-projector';
import type { TestApp } from './test-app';
import { waitFor } from './wait-for';

/** A statement line as `SELECT *` reads it: amounts (bigint) as text, times as Dates. */
export type StoredStatementLine = Omit<LineRow, 'occurred_at' | 'counts_at'> & { occurred_at: Date; counts_at: Date | null };

/** A journal's statement line as stored, or undefined before the projector has reached it. */
export async function statementLineOf(testApp: TestApp, journalId: string): Promise<StoredStatementLine | undefined> {
  const [line] = await testApp.dataSource.query<StoredStatementLine[]>(`SELECT * FROM statements.statement_lines WHERE journal_id = $1`, [journalId]);
  return line;
}

/**
 * Runs the projector until every journal has its line, and answers the lines in the journals' order.
 * The app's own projector runs too (woken by the outbox, and every 15 s), so it waits for the lock
 * rather than count a run that found it taken; and a journal is read only once no older transaction
 * is still open (the feed's snapshot rule), so one catch-up may not reach it yet.
 */
export function projected(testApp: TestApp, ...journalIds: string[]): Promise<StoredStatementLine[]> {
  return waitFor(
    async () => {
      await testApp.app.get(StatementsProjector).catchUp({ wait: true });
      const lines = await Promise.all(journalIds.map((journalId) => statementLineOf(testApp, journalId)));
      return lines.every((line) => line !== undefined) ? (lines as StoredStatementLine[]) : undefined;
    },
    { what: 'the journals’ statement lines' },
  );
}

/** Finance's yearly CSV of every landlord, as the export job writes it to storage. */
export async function financeCsv(testApp: TestApp, year: number): Promise<string> {
  const { written } = await testApp.app.get(FinanceExporter).export(
    year,
    'csv',
    async (source) => {
      let text = '';
      for await (const chunk of source) text += String(chunk);
      return text;
    },
    async () => undefined,
  );
  return written;
}
