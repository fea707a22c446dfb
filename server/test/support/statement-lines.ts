import { FinanceExporter } from '../../src/modules/statements/finance/finance-exporter';
import type { LineRow } from '../../src/modules/statements/projection/statement-lines';
import { StatementsProjector } from '../../src/modules/statements/projection/statements-projector';
import type { TestApp } from './test-app';

/** A statement line as `SELECT *` reads it: amounts (bigint) as text, times as Dates. */
export type StoredStatementLine = Omit<LineRow, 'occurred_at' | 'counts_at'> & { occurred_at: Date; counts_at: Date | null };

/** A journal's statement line as stored, or undefined before the projector has reached it. */
export async function statementLineOf(testApp: TestApp, journalId: string): Promise<StoredStatementLine | undefined> {
  const [line] = await testApp.dataSource.query<StoredStatementLine[]>(`SELECT * FROM statements.statement_lines WHERE journal_id = $1`, [journalId]);
  return line;
}

/**
 * Catches the projector up, as finance does (waiting for the lock the app's own projector may hold,
 * and for transactions open elsewhere to end), and answers the journals' lines in their order.
 */
export async function projected(testApp: TestApp, ...journalIds: string[]): Promise<StoredStatementLine[]> {
  await testApp.app.get(StatementsProjector).catchUp({ wait: true });
  const lines = await Promise.all(journalIds.map((journalId) => statementLineOf(testApp, journalId)));
  const missing = journalIds.filter((_, index) => lines[index] === undefined);
  if (missing.length > 0) throw new Error(`No statement line for journals ${missing.join(', ')} after a waiting catch-up`);
  return lines as StoredStatementLine[];
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
