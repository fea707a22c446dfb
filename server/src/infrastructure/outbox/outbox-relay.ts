import { getQueueToken } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { Faults } from '../faults/faults';
import { OutboxMessage } from './outbox-message.entity';

const POLL_INTERVAL_MS = 200;
const BATCH_SIZE = 100;

/**
 * Moves committed outbox rows to BullMQ. The row id becomes the job id, so a row relayed twice
 * (a crash between add and mark) is still one job. Several relays may run: SKIP LOCKED shares the rows.
 * It knows no queue by name: a row names its queue, and the queue is whichever one a module
 * registered under that name (BullModule.registerQueue).
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private readonly queues = new Map<string, Queue>();
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly moduleRef: ModuleRef,
    private readonly faults: Faults,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Relays up to a batch of pending rows, one bulk add per queue; returns how many were moved. */
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
      const byQueue = new Map<Queue, OutboxMessage[]>();
      for (const message of pending) {
        // A row for a queue no module registered waits (and is logged) instead of holding up the rest.
        const queue = this.queue(message);
        if (!queue) continue;
        byQueue.set(queue, [...(byQueue.get(queue) ?? []), message]);
      }
      const dispatched: string[] = [];
      for (const [queue, messages] of byQueue) {
        // One round trip to Redis per queue instead of one per row (a webhook burst queues thousands).
        await queue.addBulk(messages.map((message) => ({ name: message.jobName, data: message.payload, opts: { jobId: message.id } })));
        dispatched.push(...messages.map((message) => message.id));
      }
      if (dispatched.length > 0) {
        this.faults.crashPoint('after-enqueue-before-commit');
        await manager.update(OutboxMessage, dispatched, { dispatchedAt: () => 'now()' });
      }
      return pending.length;
    });
  }

  private queue(message: OutboxMessage): Queue | undefined {
    let queue = this.queues.get(message.queue);
    if (!queue) {
      try {
        queue = this.moduleRef.get<Queue>(getQueueToken(message.queue), { strict: false });
      } catch {
        this.logger.error(
          { outboxId: message.id, queue: message.queue, jobName: message.jobName },
          'Outbox row names a queue no module registered; it stays pending',
        );
        return undefined;
      }
      this.queues.set(message.queue, queue);
    }
    return queue;
  }

  /** Polls every POLL_INTERVAL_MS; after a full batch, goes on at once (a backlog drains without pauses). */
  private schedule(delayMs = POLL_INTERVAL_MS): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      let next = POLL_INTERVAL_MS;
      this.running = this.relayPending()
        .then((taken) => {
          if (taken >= BATCH_SIZE) next = 0;
        })
        .catch((error: unknown) => this.logger.error({ err: error }, 'Outbox relay failed; will retry'))
        .finally(() => this.schedule(next));
    }, delayMs);
  }
}
