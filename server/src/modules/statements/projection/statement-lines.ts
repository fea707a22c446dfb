import type { StatementLine } from '@rentwise/libs/statements';
import type { EntityManager } from 'typeorm';

/** The lines table. Names are fixed here, never taken from input. */
export type LinesTable = 'statements.statement_lines';

export interface LineRow {
  journal_id: string;
  kind: StatementLine['kind'];
  landlord_user_id: string;
  property_id: string;
  tenant_user_id: string;
  occurred_at: Date;
  billing_year: number;
  billing_month: number;
  gross_cents: string;
  service_fee_cents: string;
  received_cents: string;
  processor_fee_cents: string;
  description: string;
  corrects_journal_id: string | null;
}

export const LINE_COLUMNS = `journal_id, kind, landlord_user_id, property_id, tenant_user_id, occurred_at, billing_year, billing_month,
  gross_cents, service_fee_cents, received_cents, processor_fee_cents, description, corrects_journal_id`;

export function toLine(row: LineRow): StatementLine {
  return {
    journalId: row.journal_id,
    kind: row.kind,
    landlordUserId: row.landlord_user_id,
    propertyId: row.property_id,
    tenantUserId: row.tenant_user_id,
    occurredAt: row.occurred_at.toISOString(),
    billingYear: row.billing_year,
    billingMonth: row.billing_month,
    grossCents: Number(row.gross_cents),
    serviceFeeCents: Number(row.service_fee_cents),
    receivedCents: Number(row.received_cents),
    processorFeeCents: Number(row.processor_fee_cents),
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
       tenant_user_id uuid, occurred_at timestamptz, billing_year int, billing_month int, gross_cents bigint,
       service_fee_cents bigint, received_cents bigint, processor_fee_cents bigint, description text, corrects_journal_id uuid)
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
          billing_year: line.billingYear,
          billing_month: line.billingMonth,
          gross_cents: line.grossCents,
          service_fee_cents: line.serviceFeeCents,
          received_cents: line.receivedCents,
          processor_fee_cents: line.processorFeeCents,
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
    `SELECT ${LINE_COLUMNS} FROM ${table}
      WHERE landlord_user_id = $1 AND ($2::uuid IS NULL OR property_id = $2::uuid)
      ORDER BY occurred_at, journal_id`,
    [where.landlordUserId, where.propertyId ?? null],
  );
  return rows.map(toLine);
}

export async function readAllLines(manager: EntityManager, table: LinesTable): Promise<StatementLine[]> {
  // In no order: they are compared by id (sorting a million uuids cost the rebuild a second).
  const rows = await manager.query<LineRow[]>(`SELECT ${LINE_COLUMNS} FROM ${table}`);
  return rows.map(toLine);
}

export async function replaceAllLines(manager: EntityManager, lines: readonly StatementLine[]): Promise<void> {
  await manager.query(`DELETE FROM statements.statement_lines`);
  await insertInBatches(manager, lines);
}

/**
 * Makes the live lines equal to the rebuilt ones by writing only what differs: lines only in live or
 * different are deleted, then the rebuilt ones missing or different are inserted. The same end state
 * as replaceAllLines, without rewriting a table that is already right.
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
    billingYear: line.billingYear,
    billingMonth: line.billingMonth,
    grossCents: line.grossCents,
    serviceFeeCents: line.serviceFeeCents,
    receivedCents: line.receivedCents,
    processorFeeCents: line.processorFeeCents,
    description: line.description,
    correctsJournalId: line.correctsJournalId,
  };
}
