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
    const envelope = 'envelope' in job.payload && isEnvelope(job.payload.envelope) ? job.payload.envelope : newEnvelope(this.clock.now());
    await this.insert(manager, job.queue, job.jobName, { ...job.payload, envelope });
  }

  /** An integration event, as one job per route registered for it (none registered: nothing to do). */
  async publish(manager: EntityManager, event: IntegrationEvent): Promise<void> {
    for (const route of this.routes.of(event.constructor.name)) {
      await this.insert(manager, route.queue, route.jobName, event);
    }
  }

  private async insert(manager: EntityManager, queue: string, jobName: string, payload: object): Promise<void> {
    await manager.query('INSERT INTO infra.outbox (queue, job_name, payload) VALUES ($1, $2, $3::jsonb)', [
      queue,
      jobName,
      JSON.stringify(payload),
    ]);
  }
}
