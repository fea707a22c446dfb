import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

export interface OutboxJob<Payload extends object> {
  queue: string;
  jobName: string;
  payload: Payload;
}

/**
 * Writes jobs in the caller's transaction. Pass the transaction's EntityManager: the job
 * exists exactly when the change that caused it was committed.
 */
@Injectable()
export class Outbox {
  async add<Payload extends object>(manager: EntityManager, job: OutboxJob<Payload>): Promise<void> {
    await manager.query('INSERT INTO infra.outbox (queue, job_name, payload) VALUES ($1, $2, $3::jsonb)', [
      job.queue,
      job.jobName,
      JSON.stringify(job.payload),
    ]);
  }
}
