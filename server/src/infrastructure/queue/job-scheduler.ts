import { getQueueToken } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, OnApplicationBootstrap, Type } from '@nestjs/common';
import { Queue, RepeatOptions } from 'bullmq';
import { isDependencyUnavailable } from '../http/dependency-unavailable';

/** One repeatable job: its scheduler's id, when it repeats, and the job it adds. */
export interface JobSchedule {
  id: string;
  repeat: Omit<RepeatOptions, 'key'>;
  jobName: string;
}

/** How often a worker starting on a busy Redis tries again to keep its schedule, and how long it waits between tries. */
const ATTEMPTS = 6;
const PAUSE_MS = 500;

/**
 * A provider that keeps one repeatable job in Redis as a BullMQ job scheduler: several workers
 * starting make one schedule. An `every` schedule runs its first job at once.
 *
 * The request-serving Redis options give up on a command after a second (redis-options.ts); on a
 * loaded machine a worker's start can stall that long, so keeping the schedule is tried again
 * rather than failing the whole start.
 */
export function JobScheduler(queueName: string, schedule: JobSchedule): Type<OnApplicationBootstrap> {
  @Injectable()
  class Scheduler implements OnApplicationBootstrap {
    private readonly logger = new Logger(`JobScheduler(${schedule.id})`);

    constructor(@Inject(getQueueToken(queueName)) private readonly queue: Queue) {}

    async onApplicationBootstrap(): Promise<void> {
      for (let attempt = 1; ; attempt += 1) {
        try {
          await this.queue.upsertJobScheduler(schedule.id, schedule.repeat, {
            name: schedule.jobName,
            data: {},
            opts: { removeOnComplete: 30, removeOnFail: 100 },
          });
          return;
        } catch (error) {
          if (attempt >= ATTEMPTS || !isDependencyUnavailable(error)) throw error;
          this.logger.warn({ attempt, error: (error as Error).message }, 'Redis did not answer; trying again');
          await new Promise((resolve) => setTimeout(resolve, PAUSE_MS * attempt));
        }
      }
    }
  }
  Object.defineProperty(Scheduler, 'name', { value: `${schedule.id}-scheduler` });
  return Scheduler;
}
