import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Job } from 'bullmq';
import { Clock } from '../../../infrastructure/clock/clock';
import { AuthorizeNetBatchRecorder } from './authorize-net-batch-recorder';
import { AUTHORIZE_NET_BATCHES_QUEUE, RECORD_AUTHORIZE_NET_BATCHES_JOB, RecordAuthorizeNetBatchesJob } from './record-authorize-net-batches.job';

/** Works the daily read of Authorize.Net landlords' settled batches (decision 0046). */
@Processor(AUTHORIZE_NET_BATCHES_QUEUE, { concurrency: 1 })
export class AuthorizeNetBatchesProcessor extends WorkerHost {
  constructor(
    private readonly recorder: AuthorizeNetBatchRecorder,
    private readonly clock: Clock,
  ) {
    super();
  }

  async process(job: Job<RecordAuthorizeNetBatchesJob>): Promise<{ outcome: 'done' | 'skipped'; detail: string }> {
    if (job.name !== RECORD_AUTHORIZE_NET_BATCHES_JOB) return { outcome: 'skipped', detail: `unknown job ${job.name}` };
    const run = await this.recorder.recordThrough(this.clock.now());
    return {
      outcome: 'done',
      detail: `${run.accounts} account(s), ${run.batches} batch(es), ${run.chargebacks} chargeback(s), ${run.failedAccounts} unread`,
    };
  }
}
