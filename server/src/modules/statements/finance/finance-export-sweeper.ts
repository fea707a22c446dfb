import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Clock } from '../../../infrastructure/clock/clock';
import { newEnvelope } from '../../../infrastructure/messaging/envelope';
import { FileStorage } from '../../../infrastructure/storage/file-storage.port';
import { FinanceExportStore } from './finance-export-store';
import { FINANCE_EXPORTS_QUEUE, RUN_FINANCE_EXPORT_JOB, RunFinanceExportJob } from './finance-export.job';

const SWEEP_INTERVAL_MS = 60_000;
/** A queued export whose job is gone is enqueued again once it has waited this long (the outbox relays within seconds). */
const ORPHAN_AFTER_MS = 2 * 60_000;

/**
 * Every minute: deletes the files of exports past their keeping time (the row and the audit trail
 * stay), and gives an unfinished export whose job is gone from Redis a new one, so no export waits
 * forever.
 */
@Injectable()
export class FinanceExportSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(FinanceExportSweeper.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly store: FinanceExportStore,
    private readonly storage: FileStorage,
    private readonly clock: Clock,
    @InjectQueue(FINANCE_EXPORTS_QUEUE) private readonly queue: Queue<RunFinanceExportJob>,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setTimeout(() => this.tick(), 5_000);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  async sweep(): Promise<void> {
    for (const record of await this.store.dueToExpire()) {
      if (record.fileKey) await this.storage.delete(record.fileKey);
      await this.store.markExpired(record);
    }
    const active = new Set(
      (await this.queue.getJobs(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children'])).map((job) => job?.data?.exportId),
    );
    for (const record of await this.store.unfinished()) {
      const waitedMs = this.clock.now().getTime() - new Date(record.requestedAt).getTime();
      if (active.has(record.exportId) || waitedMs < ORPHAN_AFTER_MS) continue;
      this.logger.warn({ exportId: record.exportId }, 'Finance export had no job; enqueued again');
      await this.queue.add(RUN_FINANCE_EXPORT_JOB, { exportId: record.exportId, envelope: newEnvelope(this.clock.now()) });
    }
  }

  private tick(): void {
    this.running = this.sweep()
      .catch((error: unknown) => this.logger.error({ err: error }, 'Finance export sweep failed; the next one retries'))
      .finally(() => {
        this.running = undefined;
      });
    this.timer = setTimeout(() => this.tick(), SWEEP_INTERVAL_MS);
    this.timer.unref();
  }
}
