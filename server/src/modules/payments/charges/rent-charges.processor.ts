import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Job, Queue } from 'bullmq';
import { Clock } from '../../../infrastructure/clock/clock';
import { POST_RENT_CHARGES_JOB, PostRentChargesJob, RENT_CHARGES_QUEUE, RENT_CHARGES_SCHEDULE } from './post-rent-charges.job';
import { LateFeePoster } from './late-fee-poster';
import { RentChargePoster } from './rent-charge-poster';

/** Works the rent charging job (decision 0039): the month's charges, then the late fees they have come to (0040). */
@Processor(RENT_CHARGES_QUEUE, { concurrency: 1 })
export class RentChargesProcessor extends WorkerHost {
  constructor(
    private readonly poster: RentChargePoster,
    private readonly lateFees: LateFeePoster,
    private readonly clock: Clock,
  ) {
    super();
  }

  async process(job: Job<PostRentChargesJob>): Promise<{ outcome: 'done' | 'skipped'; detail: string }> {
    if (job.name !== POST_RENT_CHARGES_JOB) return { outcome: 'skipped', detail: `unknown job ${job.name}` };
    const now = this.clock.now();
    const run = await this.poster.postThrough(now);
    const fees = await this.lateFees.postThrough(now);
    return { outcome: 'done', detail: `${run.tenancies} tenancies, ${run.charges} charge(s), ${run.credits} credit(s), ${fees.fees} late fee(s)` };
  }
}

/**
 * Keeps one repeatable job in Redis (a scheduler, so several workers starting make one schedule). Its
 * first run comes at once: after a deploy it posts every charge due since the rent history began.
 */
@Injectable()
export class RentChargesScheduler implements OnApplicationBootstrap {
  constructor(@InjectQueue(RENT_CHARGES_QUEUE) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      RENT_CHARGES_SCHEDULE.id,
      { every: RENT_CHARGES_SCHEDULE.everyMs },
      { name: POST_RENT_CHARGES_JOB, data: {}, opts: { removeOnComplete: 30, removeOnFail: 100 } },
    );
  }
}
