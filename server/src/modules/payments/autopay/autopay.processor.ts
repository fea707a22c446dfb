import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Job } from 'bullmq';
import { Clock } from '../../../infrastructure/clock/clock';
import { AutopayRunner } from './autopay-runner';
import { AUTOPAY_QUEUE, RUN_AUTOPAY_JOB, RunAutopayJob } from './run-autopay.job';

/** Works the autopay job (decision 0042). */
@Processor(AUTOPAY_QUEUE, { concurrency: 1 })
export class AutopayProcessor extends WorkerHost {
  constructor(
    private readonly runner: AutopayRunner,
    private readonly clock: Clock,
  ) {
    super();
  }

  async process(job: Job<RunAutopayJob>): Promise<{ outcome: 'done' | 'skipped'; detail: string }> {
    if (job.name !== RUN_AUTOPAY_JOB) return { outcome: 'skipped', detail: `unknown job ${job.name}` };
    const run = await this.runner.runAt(this.clock.now());
    return { outcome: 'done', detail: `${run.plans} plans, ${run.notices} notice(s), ${run.payments} payment(s), ${run.settled} followed up` };
  }
}
