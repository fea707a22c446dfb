import { Injectable } from '@nestjs/common';
import {
  financeExportExpiresAt,
  financeExportFileName,
  type FinanceExportFormat,
  type FinanceExportStatus,
  type FinanceExportView,
} from '@rentwise/libs/finance-export';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';

export type AuditEvent = 'requested' | 'completed' | 'failed' | 'downloaded' | 'expired';

export interface Actor {
  /** An email, or 'cli (user@host)' for the command line. */
  label: string;
  userId: string | null;
}

interface ExportRow {
  id: string;
  year: number;
  format: FinanceExportFormat;
  status: FinanceExportStatus;
  requested_by: string;
  requested_by_user_id: string | null;
  requested_at: Date;
  attempts: number;
  landlords_total: number | null;
  landlords_done: number;
  file_key: string | null;
  byte_size: string | null;
  sha256: string | null;
  completed_at: Date | null;
  expires_at: Date | null;
  error: string | null;
}

export interface FinanceExportRecord extends FinanceExportView {
  fileKey: string | null;
  attempts: number;
}

const toRecord = (row: ExportRow): FinanceExportRecord => ({
  exportId: row.id,
  year: row.year,
  format: row.format,
  status: row.status,
  landlordsTotal: row.landlords_total,
  landlordsDone: row.landlords_done,
  requestedAt: row.requested_at.toISOString(),
  requestedBy: row.requested_by,
  completedAt: row.completed_at?.toISOString() ?? null,
  expiresAt: row.expires_at?.toISOString() ?? null,
  byteSize: row.byte_size === null ? null : Number(row.byte_size),
  sha256: row.sha256,
  fileName: financeExportFileName(row.year, row.format),
  error: row.error,
  fileKey: row.file_key,
  attempts: row.attempts,
});

/** TypeORM answers an UPDATE with [rows, count]. */
const updated = (result: [ExportRow[], number]): ExportRow[] => result[0];

const requesterOf = (row: ExportRow): Actor => ({ label: row.requested_by, userId: row.requested_by_user_id });

const COLUMNS = `id, year, format, status, requested_by, requested_by_user_id, requested_at, attempts, landlords_total, landlords_done,
  file_key, byte_size, sha256, completed_at, expires_at, error`;

/** The storage key of an export's file: fixed per export, so a restarted job replaces, never adds. */
export const exportFileKey = (exportId: string, format: FinanceExportFormat) => `finance-export-${exportId}.${format}`;

/**
 * statements.finance_exports (progress and file of each export) and its append-only audit trail.
 * Progress is written outside any running transaction: the export reads inside a read-only one.
 */
@Injectable()
export class FinanceExportStore {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** A new queued export, or the one of this year and format already queued or running. */
  async createOrJoin(manager: EntityManager, year: number, format: FinanceExportFormat, actor: Actor): Promise<{ record: FinanceExportRecord; created: boolean }> {
    const [created] = await manager.query<ExportRow[]>(
      `INSERT INTO statements.finance_exports (year, format, requested_by, requested_by_user_id, requested_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (year, format) WHERE status IN ('queued', 'running') DO NOTHING
       RETURNING ${COLUMNS}`,
      [year, format, actor.label, actor.userId, this.clock.now()],
    );
    if (created) {
      await this.audit(manager, created.id, 'requested', actor, { year, format });
      return { record: toRecord(created), created: true };
    }
    const [running] = await manager.query<ExportRow[]>(
      `SELECT ${COLUMNS} FROM statements.finance_exports WHERE year = $1 AND format = $2 AND status IN ('queued', 'running')`,
      [year, format],
    );
    return { record: toRecord(running), created: false };
  }

  async find(exportId: string): Promise<FinanceExportRecord | null> {
    if (!/^[0-9a-f-]{36}$/i.test(exportId)) return null;
    const [row] = await this.unitOfWork.manager.query<ExportRow[]>(`SELECT ${COLUMNS} FROM statements.finance_exports WHERE id = $1`, [exportId]);
    return row ? toRecord(row) : null;
  }

  async recent(limit = 20): Promise<FinanceExportRecord[]> {
    const rows = await this.unitOfWork.manager.query<ExportRow[]>(
      `SELECT ${COLUMNS} FROM statements.finance_exports ORDER BY requested_at DESC, id LIMIT $1`,
      [limit],
    );
    return rows.map(toRecord);
  }

  /** Claims a queued (or restarted) export for a run: progress starts again from nothing. */
  async start(exportId: string): Promise<FinanceExportRecord | null> {
    const [row] = updated(await this.unitOfWork.manager.query(
      `UPDATE statements.finance_exports
          SET status = 'running', attempts = attempts + 1, started_at = $2, landlords_done = 0, landlords_total = NULL, error = NULL
        WHERE id = $1 AND status IN ('queued', 'running')
        RETURNING ${COLUMNS}`,
      [exportId, this.clock.now()],
    ));
    return row ? toRecord(row) : null;
  }

  progress(exportId: string, landlordsDone: number, landlordsTotal: number): Promise<void> {
    return this.unitOfWork.outside(async () => {
      await this.unitOfWork.manager.query(
        `UPDATE statements.finance_exports SET landlords_done = $2, landlords_total = $3 WHERE id = $1 AND status = 'running'`,
        [exportId, landlordsDone, landlordsTotal],
      );
    });
  }

  /**
   * The one step that offers the file: its key, size and checksum and the completed status are
   * written together, with the audit line, only after the whole file is stored under the key.
   */
  async complete(exportId: string, file: { fileKey: string; byteSize: number; sha256: string; landlords: number }): Promise<boolean> {
    return this.unitOfWork.run(async (manager) => {
      const completedAt = this.clock.now();
      const [row] = updated(await manager.query(
        `UPDATE statements.finance_exports
            SET status = 'completed', file_key = $2, byte_size = $3, sha256 = $4, landlords_done = $5, landlords_total = $5,
                completed_at = $6, expires_at = $7
          WHERE id = $1 AND status = 'running'
          RETURNING ${COLUMNS}`,
        [exportId, file.fileKey, file.byteSize, file.sha256, file.landlords, completedAt, financeExportExpiresAt(completedAt)],
      ));
      if (!row) return false;
      await this.audit(manager, exportId, 'completed', requesterOf(row), row, file);
      return true;
    });
  }

  async fail(exportId: string, error: string): Promise<void> {
    await this.unitOfWork.run(async (manager) => {
      const [row] = updated(await manager.query(
        `UPDATE statements.finance_exports SET status = 'failed', error = $2 WHERE id = $1 AND status IN ('queued', 'running') RETURNING ${COLUMNS}`,
        [exportId, error],
      ));
      if (row) await this.audit(manager, exportId, 'failed', requesterOf(row), row);
    });
  }

  /** Completed exports whose keeping time is over, oldest first. */
  async dueToExpire(limit = 50): Promise<FinanceExportRecord[]> {
    const rows = await this.unitOfWork.manager.query<ExportRow[]>(
      `SELECT ${COLUMNS} FROM statements.finance_exports WHERE status = 'completed' AND expires_at <= $1 ORDER BY expires_at LIMIT $2`,
      [this.clock.now(), limit],
    );
    return rows.map(toRecord);
  }

  async markExpired(record: FinanceExportRecord): Promise<void> {
    await this.unitOfWork.run(async (manager) => {
      const [row] = updated(await manager.query(
        `UPDATE statements.finance_exports SET status = 'expired', file_key = NULL WHERE id = $1 AND status = 'completed' RETURNING ${COLUMNS}`,
        [record.exportId],
      ));
      if (row) await this.audit(manager, record.exportId, 'expired', { label: 'system', userId: null }, row, { sha256: record.sha256, byteSize: record.byteSize });
    });
  }

  /** Queued or running exports (the sweeper checks each still has its job). */
  async unfinished(): Promise<FinanceExportRecord[]> {
    const rows = await this.unitOfWork.manager.query<ExportRow[]>(
      `SELECT ${COLUMNS} FROM statements.finance_exports WHERE status IN ('queued', 'running') ORDER BY requested_at`,
    );
    return rows.map(toRecord);
  }

  async audit(
    manager: EntityManager,
    exportId: string,
    event: AuditEvent,
    actor: Actor,
    what: { year: number; format: string },
    file: { sha256?: string | null; byteSize?: number | null } = {},
  ): Promise<void> {
    await manager.query(
      `INSERT INTO statements.finance_export_audit (export_id, event, actor, actor_user_id, year, format, sha256, byte_size, at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [exportId, event, actor.label, actor.userId, what.year, what.format, file.sha256 ?? null, file.byteSize ?? null, this.clock.now()],
    );
  }
}
