import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Job } from 'bullmq';
import { Clock } from '../../../infrastructure/clock/clock';
import { RentReminderSender } from './rent-reminder-sender';
import { RENT_REMINDERS_QUEUE, SEND_RENT_REMINDERS_JOB, SendRentRemindersJob } from './send-rent-reminders.job';

/** Works the reminders job (decision 0041). */
@Processor(RENT_REMINDERS_QUEUE, { concurrency: 1 })
export class RentRemindersProcessor extends WorkerHost {
  constructor(
    private readonly sender: RentReminderSender,
    private readonly clock: Clock,
  ) {
    super();
  }

  async process(job: Job<SendRentRemindersJob>): Promise<{ outcome: 'done' | 'skipped'; detail: string }> {
    if (job.name !== SEND_RENT_REMINDERS_JOB) return { outcome: 'skipped', detail: `unknown job ${job.name}` };
    const run = await this.sender.sendAt(this.clock.now());
    return { outcome: 'done', detail: `${run.tenancies} tenancies, ${run.reminders} reminder(s), ${run.summaries} summary(ies)` };
  }
}
