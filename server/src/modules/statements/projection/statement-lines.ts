import type { StatementLine } from '@rentwise/libs/statements';
import type { EntityManager } from 'typeorm';
import { isoTimestamp } from '../../../infrastructure/database/iso-timestamp';

/** The lines table. Names are fixed here, never taken from input. */
export type LinesTable = 'statements.statement_lines';

export interface LineRow {
  journal_id: string;
  kind: StatementLine['kind'];
  landlord_user_id: string;
  property_id: string;
  tenant_user_id: string;
  /** ISO 8601, as toISOString() writes it. */
  occurred_at: string;
  /** ISO 8601; null when the line counts at its own occurred_at (every line but a bank debit's answer). */
  counts_at: string | null;
  billing_year: number;
  billing_month: number;
  gross_cents: string;
  platform_fee_cents: string;
  received_cents: string;
  processing_cents: string;
  processor_fee_cents: string;
  charged_cents: string;
  description: string;
  corrects_journal_id: string | null;
}

export const LINE_COLUMNS = `journal_id, kind, landlord_user_id, property_id, tenant_user_id, occurred_at, counts_at, billing_year, billing_month,
  gross_cents, platform_fee_cents, received_cents, processing_cents, processor_fee_cents, charged_cents, description, corrects_journal_id`;

/**
 * LINE_COLUMNS to read into a LineRow, the time as text. In an ORDER BY, `occurred_at` then means that
 * text (the only choice after a UNION; fixed width, it sorts as the time does): a plain SELECT orders by
 * the qualified column, which its indexes can give.
 */
export const LINE_SELECT = LINE_COLUMNS.replace(/\boccurred_at\b/, `${isoTimestamp('occurred_at')} AS occurred_at`).replace(
  /\bcounts_at\b/,
  `${isoTimestamp('counts_at')} AS counts_at`,
);

export function toLine(row: LineRow): StatementLine {
  return {
    journalId: row.journal_id,
    kind: row.kind,
    landlordUserId: row.landlord_user_id,
    propertyId: row.property_id,
    tenantUserId: row.tenant_user_id,
    occurredAt: row.occurred_at,
    countsAt: row.counts_at ?? row.occurred_at,
    billingYear: row.billing_year,
    billingMonth: row.billing_month,
    grossCents: Number(row.gross_cents),
    platformFeeCents: Number(row.platform_fee_cents),
    receivedCents: Number(row.received_cents),
    processingCents: Number(row.processing_cents),
    processorFeeCents: Number(row.processor_fee_cents),
    chargedCents: Number(row.charged_cents),
    description: row.description,
    correctsJournalId: row.corrects_journal_id,
  };
}

/** Inserts lines keyed by journal: a journal already there keeps its line (seen twice, changes nothing). */
export async function insertLines(manager: EntityManager, table: LinesTable, lines: readonly StatementLine[]): Promise<void> {
  if (lines.length === 0) return;
  await manager.query(
    `INSERT INTO ${table} (${LINE_COLUMNS})
     SELECT * FROM json_to_recordset($1::json) AS l(journal_id uuid, kind text, landlord_user_id uuid, property_id uuid,
       tenant_user_id uuid, occurred_at timestamptz, counts_at timestamptz, billing_year int, billing_month int, gross_cents bigint,
       platform_fee_cents bigint, received_cents bigint, processing_cents bigint, processor_fee_cents bigint, charged_cents bigint, description text,
       corrects_journal_id uuid)
     ON CONFLICT (journal_id) DO NOTHING`,
    [
      JSON.stringify(
        lines.map((line) => ({
          journal_id: line.journalId,
          kind: line.kind,
          landlord_user_id: line.landlordUserId,
          property_id: line.propertyId,
          tenant_user_id: line.tenantUserId,
          occurred_at: line.occurredAt,
          // Stored only where it differs: the rest (nearly every line) keep the column empty.
          counts_at: line.countsAt === line.occurredAt ? null : line.countsAt,
          billing_year: line.billingYear,
          billing_month: line.billingMonth,
          gross_cents: line.grossCents,
          platform_fee_cents: line.platformFeeCents,
          received_cents: line.receivedCents,
          processing_cents: line.processingCents,
          processor_fee_cents: line.processorFeeCents,
          charged_cents: line.chargedCents,
          description: line.description,
          corrects_journal_id: line.correctsJournalId,
        })),
      ),
    ],
  );
}

export async function readLines(
  manager: EntityManager,
  where: { landlordUserId: string; propertyId?: string },
  table: LinesTable = 'statements.statement_lines',
): Promise<StatementLine[]> {
  const rows = await manager.query<LineRow[]>(
    `SELECT ${LINE_SELECT} FROM ${table}
      WHERE landlord_user_id = $1 AND ($2::uuid IS NULL OR property_id = $2::uuid)
      ORDER BY ${table}.occurred_at, journal_id`,
    [where.landlordUserId, where.propertyId ?? null],
  );
  return rows.map(toLine);
}

/** Each live line's row, by journal id, a page at a time through one cursor in the caller's transaction: a rebuild merges them with its lines. */
export async function* liveLineRowsInJournalOrder(manager: EntityManager, pageSize: number): AsyncGenerator<LineRow> {
  await manager.query(`DECLARE live_lines_in_order NO SCROLL CURSOR FOR SELECT ${LINE_SELECT} FROM statements.statement_lines ORDER BY journal_id`);
  for (;;) {
    const rows = await manager.query<LineRow[]>(`FETCH FORWARD ${pageSize} FROM live_lines_in_order`);
    yield* rows;
    if (rows.length < pageSize) break;
  }
  await manager.query(`CLOSE live_lines_in_order`);
}

/**
 * Whether a stored row says what a line says, field by field, without making a line of it: a rebuild
 * compares a million, and only those that differ are needed as lines.
 */
export function rowMatchesLine(row: LineRow, line: StatementLine): boolean {
  return (
    row.journal_id === line.journalId &&
    row.kind === line.kind &&
    row.landlord_user_id === line.landlordUserId &&
    row.property_id === line.propertyId &&
    row.tenant_user_id === line.tenantUserId &&
    row.occurred_at === line.occurredAt &&
    (row.counts_at ?? row.occurred_at) === line.countsAt &&
    row.billing_year === line.billingYear &&
    row.billing_month === line.billingMonth &&
    Number(row.gross_cents) === line.grossCents &&
    Number(row.platform_fee_cents) === line.platformFeeCents &&
    Number(row.received_cents) === line.receivedCents &&
    Number(row.processing_cents) === line.processingCents &&
    Number(row.processor_fee_cents) === line.processorFeeCents &&
    Number(row.charged_cents) === line.chargedCents &&
    row.description === line.description &&
    row.corrects_journal_id === line.correctsJournalId
  );
}

/**
 * Makes the live lines equal to the rebuilt ones by writing only what differs: lines only in live or
 * different are deleted, then the rebuilt ones missing or different are inserted. The same end state
 * as deleting every line and inserting the rebuilt ones, without rewriting a table that is already right.
 */
export async function applyLineDifferences(
  manager: EntityManager,
  differences: readonly { journalId: string; live: StatementLine | null; rebuilt: StatementLine | null }[],
): Promise<void> {
  const stale = differences.filter((difference) => difference.live).map((difference) => difference.journalId);
  for (let start = 0; start < stale.length; start += LINES_PER_STATEMENT) {
    await manager.query(`DELETE FROM statements.statement_lines WHERE journal_id = ANY($1::uuid[])`, [stale.slice(start, start + LINES_PER_STATEMENT)]);
  }
  await insertInBatches(
    manager,
    differences.flatMap((difference) => (difference.rebuilt ? [difference.rebuilt] : [])),
  );
}

const LINES_PER_STATEMENT = 5000;

async function insertInBatches(manager: EntityManager, lines: readonly StatementLine[]): Promise<void> {
  for (let start = 0; start < lines.length; start += LINES_PER_STATEMENT) {
    await insertLines(manager, 'statements.statement_lines', lines.slice(start, start + LINES_PER_STATEMENT));
  }
}

/** A line with its fields in toLine's order, so that lines made here and lines read back compare as JSON. */
export function canonicalLine(line: StatementLine): StatementLine {
  return {
    journalId: line.journalId,
    kind: line.kind,
    landlordUserId: line.landlordUserId,
    propertyId: line.propertyId,
    tenantUserId: line.tenantUserId,
    occurredAt: line.occurredAt,
    countsAt: line.countsAt,
    billingYear: line.billingYear,
    billingMonth: line.billingMonth,
    grossCents: line.grossCents,
    platformFeeCents: line.platformFeeCents,
    receivedCents: line.receivedCents,
    processingCents: line.processingCents,
    processorFeeCents: line.processorFeeCents,
    chargedCents: line.chargedCents,
    description: line.description,
    correctsJournalId: line.correctsJournalId,
  };
}
