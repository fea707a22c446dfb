import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Clock } from '../clock/clock';
import { Envelope, isEnvelope, newEnvelope } from '../messaging/envelope';
import type { IntegrationEvent } from '../messaging/integration-event';
import { OutboxRoutes } from './outbox-routes';

export interface OutboxJob<Payload extends object> {
  queue: string;
  jobName: string;
  payload: Payload;
}

/** A job as the consumer receives it: its payload and the envelope it travels in. */
export type Enveloped<Payload extends object> = Payload & { envelope: Envelope };

/**
 * Writes jobs in the caller's transaction. Pass the transaction's EntityManager: the job
 * exists exactly when the change that caused it was committed.
 */
@Injectable()
export class Outbox {
  constructor(
    private readonly routes: OutboxRoutes,
    private readonly clock: Clock,
  ) {}

  /** One job; it gets an envelope in the running message chain unless its payload has one. */
  async add<Payload extends object>(manager: EntityManager, job: OutboxJob<Payload>): Promise<void> {
    await this.addAll(manager, [job]);
  }

  /** Several jobs in one statement: one round trip however many. */
  async addAll(manager: EntityManager, jobs: readonly OutboxJob<object>[]): Promise<void> {
    await this.insert(
      manager,
      jobs.map((job) => {
        const envelope = 'envelope' in job.payload && isEnvelope(job.payload.envelope) ? job.payload.envelope : newEnvelope(this.clock.now());
        return { ...job, payload: { ...job.payload, envelope } };
      }),
    );
  }

  /** An integration event, as one job per route registered for it (none registered: nothing to do). */
  async publish(manager: EntityManager, event: IntegrationEvent): Promise<void> {
    await this.insert(
      manager,
      this.routes.of(event.constructor.name).map((route) => ({ queue: route.queue, jobName: route.jobName, payload: event })),
    );
  }

  private async insert(manager: EntityManager, jobs: readonly OutboxJob<object>[]): Promise<void> {
    if (jobs.length === 0) return;
    const values = jobs.map((_, index) => `($${index * 3 + 1}, $${index * 3 + 2}, $${index * 3 + 3}::jsonb)`).join(', ');
    await manager.query(
      `INSERT INTO infra.outbox (queue, job_name, payload) VALUES ${values}`,
      jobs.flatMap((job) => [job.queue, job.jobName, JSON.stringify(job.payload)]),
    );
  }
}
