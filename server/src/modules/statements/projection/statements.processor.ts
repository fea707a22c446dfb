import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Job } from 'bullmq';
import { MessageChain } from '../../../infrastructure/messaging/envelope';
import { CatchUpResult, StatementsProjector } from './statements-projector';
import { PROJECT_STATEMENTS_JOB, ProjectStatementsJob, STATEMENTS_QUEUE } from './project-statements.job';

/** Works the `statements` queue: every job is a wake-up; the projector reads by its position. */
@Processor(STATEMENTS_QUEUE, { concurrency: 1 })
export class StatementsProcessor extends WorkerHost {
  private readonly logger = new Logger(StatementsProcessor.name);

  constructor(private readonly projector: StatementsProjector) {
    super();
  }

  async process(job: Job<ProjectStatementsJob>): Promise<CatchUpResult | { outcome: 'skipped'; reason: string }> {
    if (job.name !== PROJECT_STATEMENTS_JOB) return { outcome: 'skipped', reason: `unknown job ${job.name}` };
    const run = () => this.projector.catchUp();
    const result = job.data.envelope ? await MessageChain.run(job.data.envelope, run) : await run();
    this.logger.debug({ ...result, transactionId: job.data.transactionId }, 'Statements caught up');
    return result;
  }
}

const SWEEP_INTERVAL_MS = 15_000;

/**
 * Catches the projection up at start and every 15 seconds, for journals no event announces
 * (refunds, corrections, imports) and for wake-ups lost on the way.
 */
@Injectable()
export class StatementsSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(StatementsSweeper.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(private readonly projector: StatementsProjector) {}

  onApplicationBootstrap(): void {
    this.sweep();
  }

  async onApplicationShutdown(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private sweep(): void {
    this.running = this.projector
      .catchUp()
      .catch((error: unknown) => this.logger.error({ err: error }, 'Statements sweep failed; the next one retries'))
      .finally(() => {
        this.running = undefined;
      });
    this.timer = setTimeout(() => this.sweep(), SWEEP_INTERVAL_MS);
    this.timer.unref();
  }
}
