import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Job, Queue } from 'bullmq';
import { MessageChain } from '../../../infrastructure/messaging/envelope';
import { CatchUpResult, StatementsProjector } from './statements-projector';
import { PROJECT_STATEMENTS_JOB, ProjectStatementsJob, STATEMENTS_QUEUE } from './project-statements.job';

/** Works the `statements` queue: every job is a wake-up; the projector reads by its position. */
@Processor(STATEMENTS_QUEUE, { concurrency: 1 })
export class StatementsProcessor extends WorkerHost {
  private readonly logger = new Logger(StatementsProcessor.name);

  constructor(
    private readonly projector: StatementsProjector,
    @InjectQueue(STATEMENTS_QUEUE) private readonly queue: Queue,
  ) {
    super();
  }

  async process(job: Job<ProjectStatementsJob>): Promise<CatchUpResult | { outcome: 'skipped'; reason: string }> {
    if (job.name !== PROJECT_STATEMENTS_JOB) return { outcome: 'skipped', reason: `unknown job ${job.name}` };
    // A burst of payments queues a wake-up each. A later one still waiting will catch up after every
    // journal that woke this one was committed, so this one can go: a burst costs one catch-up, not one each.
    if ((await this.queue.getWaitingCount()) > 0) return { outcome: 'skipped', reason: 'a later wake-up is waiting' };
    // Waits for a run in progress and for transactions begun before it: that run, or a read stopped below
    // a transaction open elsewhere in the cluster, may not cover the journal that woke this one, and the
    // next sweep is 15 s away.
    const run = () => this.projector.catchUp({ wait: true });
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
