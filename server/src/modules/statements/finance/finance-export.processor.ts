import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { Job } from 'bullmq';
import { FileStorage } from '../../../infrastructure/storage/file-storage.port';
import { MessageChain } from '../../../infrastructure/messaging/envelope';
import { exportFileKey, FinanceExportStore } from './finance-export-store';
import { FinanceExporter } from './finance-exporter';
import { FINANCE_EXPORTS_QUEUE, RUN_FINANCE_EXPORT_JOB, RunFinanceExportJob } from './finance-export.job';

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', zip: 'application/zip' } as const;
/** Progress is written at most this often (and after the last landlord). */
const PROGRESS_EVERY_MS = 500;

export type FinanceExportOutcome =
  | { outcome: 'completed'; landlords: number; sha256: string }
  | { outcome: 'skipped'; reason: string };

/**
 * Builds an export's file. A run always starts over from a new snapshot: a worker that stops half
 * way leaves its job to BullMQ's stalled-job recovery (or the sweeper), and the next run writes the
 * whole file again under the same key. The row says completed only after the file is whole.
 */
@Processor(FINANCE_EXPORTS_QUEUE, { concurrency: 1, maxStalledCount: 3 })
export class FinanceExportProcessor extends WorkerHost {
  private readonly logger = new Logger(FinanceExportProcessor.name);

  constructor(
    private readonly exporter: FinanceExporter,
    private readonly store: FinanceExportStore,
    private readonly storage: FileStorage,
  ) {
    super();
  }

  process(job: Job<RunFinanceExportJob>): Promise<FinanceExportOutcome> {
    if (job.name !== RUN_FINANCE_EXPORT_JOB) return Promise.resolve({ outcome: 'skipped', reason: `unknown job ${job.name}` });
    const run = () => this.run(job.data.exportId);
    return job.data.envelope ? MessageChain.run(job.data.envelope, run) : run();
  }

  async run(exportId: string): Promise<FinanceExportOutcome> {
    const record = await this.store.start(exportId);
    if (!record) return { outcome: 'skipped', reason: 'export is not queued or running (finished, failed or gone)' };
    const fileKey = exportFileKey(record.exportId, record.format);
    let lastWrite = 0;
    const progress = async (done: number, total: number) => {
      const now = Date.now();
      if (done !== 0 && done !== total && now - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = now;
      await this.store.progress(record.exportId, done, total);
    };
    try {
      const file = await this.exporter.export(
        record.year,
        record.format,
        (source) => this.storage.putStream(fileKey, source, CONTENT_TYPES[record.format]),
        progress,
      );
      await this.store.complete(record.exportId, { fileKey, byteSize: file.byteSize, sha256: file.sha256, landlords: file.landlords });
      this.logger.log({ exportId, year: record.year, format: record.format, landlords: file.landlords, bytes: file.byteSize }, 'Finance export completed');
      return { outcome: 'completed', landlords: file.landlords, sha256: file.sha256 };
    } catch (error) {
      this.logger.error({ err: error, exportId }, 'Finance export failed');
      await this.store.fail(record.exportId, 'The export could not be built. Start it again; if it fails twice, tell support.');
      throw error;
    }
  }
}
