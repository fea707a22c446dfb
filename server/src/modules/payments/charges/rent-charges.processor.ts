import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Job } from 'bullmq';
import { Clock } from '../../../infrastructure/clock/clock';
import { POST_RENT_CHARGES_JOB, PostRentChargesJob, RENT_CHARGES_QUEUE } from './post-rent-charges.job';
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
