import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { MAIL_QUEUE, WEBHOOKS_QUEUE } from '../queue/queue-names';
import { OutboxMessage } from './outbox-message.entity';

const POLL_INTERVAL_MS = 200;
const BATCH_SIZE = 100;

/**
 * Moves committed outbox rows to BullMQ. The row id becomes the job id, so a row relayed twice
 * (a crash between add and mark) is still one job. Several relays may run: SKIP LOCKED shares the rows.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private readonly queues: Map<string, Queue>;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    @InjectQueue(MAIL_QUEUE) mailQueue: Queue,
    @InjectQueue(WEBHOOKS_QUEUE) webhooksQueue: Queue,
  ) {
    this.queues = new Map([
      [MAIL_QUEUE, mailQueue],
      [WEBHOOKS_QUEUE, webhooksQueue],
    ]);
  }

  onApplicationBootstrap(): void {
    this.schedule();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Relays every pending row; returns how many were moved. */
  async relayPending(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const pending = await manager
        .createQueryBuilder(OutboxMessage, 'message')
        .where('message.dispatched_at IS NULL')
        .orderBy('message.created_at')
        .limit(BATCH_SIZE)
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getMany();
      for (const message of pending) {
        const queue = this.queues.get(message.queue);
        if (!queue) throw new Error(`Outbox row ${message.id} names unknown queue "${message.queue}"`);
        await queue.add(message.jobName, message.payload, { jobId: message.id });
      }
      if (pending.length > 0) {
        await manager.update(
          OutboxMessage,
          pending.map((message) => message.id),
          { dispatchedAt: () => 'now()' },
        );
      }
      return pending.length;
    });
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.relayPending()
        .then(() => undefined)
        .catch((error: unknown) => this.logger.error({ err: error }, 'Outbox relay failed; will retry'))
        .finally(() => this.schedule());
    }, POLL_INTERVAL_MS);
  }
}
