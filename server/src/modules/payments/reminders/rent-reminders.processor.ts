import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Job, Queue } from 'bullmq';
import { Clock } from '../../../infrastructure/clock/clock';
import { RentReminderSender } from './rent-reminder-sender';
import { RENT_REMINDERS_QUEUE, RENT_REMINDERS_SCHEDULE, SEND_RENT_REMINDERS_JOB, SendRentRemindersJob } from './send-rent-reminders.job';

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

/** Keeps one repeatable job in Redis (a scheduler: several workers starting make one schedule); the first run comes at once. */
@Injectable()
export class RentRemindersScheduler implements OnApplicationBootstrap {
  constructor(@InjectQueue(RENT_REMINDERS_QUEUE) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      RENT_REMINDERS_SCHEDULE.id,
      { every: RENT_REMINDERS_SCHEDULE.everyMs },
      { name: SEND_RENT_REMINDERS_JOB, data: {}, opts: { removeOnComplete: 30, removeOnFail: 100 } },
    );
  }
}
