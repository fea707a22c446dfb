import { Injectable } from '@nestjs/common';
import type { QueryResultRow } from 'pg';
import { EntityManager } from 'typeorm';
import { Clock } from '../clock/clock';
import { composedStatement, runPrepared } from '../database/prepared-statement';
import { UnitOfWork } from '../database/unit-of-work';
import { Envelope, isEnvelope, newEnvelope } from '../messaging/envelope';
import type { IntegrationEvent, IntegrationEventClass } from '../messaging/integration-event';
import { OutboxRoutes } from './outbox-routes';

export interface OutboxJob<Payload extends object> {
  queue: string;
  jobName: string;
  payload: Payload;
}

/**
 * A change made by one statement (Outbox.writeWith): its named data-changing steps (`charge AS (INSERT
 * ... RETURNING id), line AS (...)`: PostgreSQL takes them only at the top of a WITH), the step whose
 * rows say whether it wrote anything and are the answer, and the values of its $1..$n.
 */
export interface OneStatementChange {
  steps: string;
  result: string;
  params: readonly unknown[];
}

/** A job as the consumer receives it: its payload and the envelope it travels in. */
export type Enveloped<Payload extends object> = Payload & { envelope: Envelope };

/**
 * Writes jobs in the caller's transaction. Pass the transaction's EntityManager: the job
 * exists exactly when the change that caused it was committed. Inside a unit of work, a
 * transaction's jobs are written together just before it commits (a card payment's event and its
 * receipt email in one statement instead of two).
 */
@Injectable()
export class Outbox {
  private readonly pending = new WeakMap<EntityManager, OutboxJob<object>[]>();

  constructor(
    private readonly routes: OutboxRoutes,
    private readonly clock: Clock,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /** One job; it gets an envelope in the running message chain unless its payload has one. */
  async add<Payload extends object>(manager: EntityManager, job: OutboxJob<Payload>): Promise<void> {
    await this.addAll(manager, [job]);
  }

  /** Several jobs at once. */
  async addAll(manager: EntityManager, jobs: readonly OutboxJob<object>[]): Promise<void> {
    await this.insert(manager, this.enveloped(jobs));
  }

  /**
   * A change made by one statement, and the jobs it causes, written in that one statement (atomic
   * without a transaction: the sandbox provider's charge with its balance line and events took five
   * round trips before). The jobs are written when the `result` step returns a row, not at all when it
   * returns none (an `ON CONFLICT DO NOTHING` that found the row); its rows are the answer.
   */
  async writeWith<Row>(manager: EntityManager, statement: OneStatementChange, jobs: readonly OutboxJob<object>[]): Promise<Row[]> {
    return this.oneStatement<Row>(manager, statement, this.enveloped(jobs), `WHERE EXISTS (SELECT 1 FROM ${statement.result})`);
  }

  /**
   * A unit of work's last change, and the jobs its transaction has asked for so far, in one statement
   * instead of two (a card payment's posting, a provider event's mark). Those jobs are written
   * whatever the change writes: earlier statements of the transaction asked for them. Jobs asked for
   * after it are still written before the commit. Outside a unit of work it is the change alone.
   */
  async writeWithPending<Row>(manager: EntityManager, statement: OneStatementChange): Promise<Row[]> {
    const pending = this.pending.get(manager);
    // Emptied, not forgotten: the flush registered before the commit writes whatever comes after.
    if (pending) this.pending.set(manager, []);
    return this.oneStatement<Row>(manager, statement, pending ?? [], '');
  }

  /** An integration event, as one job per route registered for its class (none registered: nothing to do). */
  async publish(manager: EntityManager, event: IntegrationEvent): Promise<void> {
    const routes = this.routes.of(event.constructor as IntegrationEventClass);
    await this.insert(manager, routes.map((route) => ({ queue: route.queue, jobName: route.jobName, payload: event })));
  }

  private async insert(manager: EntityManager, jobs: readonly OutboxJob<object>[]): Promise<void> {
    if (jobs.length === 0) return;
    const pending = this.pending.get(manager);
    if (pending) {
      pending.push(...jobs);
    } else if (this.unitOfWork.beforeCommit(manager, () => this.flush(manager))) {
      this.pending.set(manager, [...jobs]);
    } else {
      await this.write(manager, jobs);
    }
  }

  private async flush(manager: EntityManager): Promise<void> {
    const jobs = this.pending.get(manager) ?? [];
    this.pending.delete(manager);
    await this.write(manager, jobs);
  }

  /** The change's steps, then its jobs' insert (`condition` on the inserted rows), then its result's rows. */
  private oneStatement<Row>(manager: EntityManager, statement: OneStatementChange, jobs: readonly OutboxJob<object>[], condition: string): Promise<Row[]> {
    const written = jobs.length
      ? `, outbox_jobs AS (INSERT INTO infra.outbox (queue, job_name, payload)
                SELECT job.queue, job.job_name, job.payload
                  FROM (VALUES ${valuesOf(jobs, statement.params.length)}) AS job (queue, job_name, payload)
                 ${condition})`
      : '';
    const text = `WITH ${statement.steps}${written} SELECT * FROM ${statement.result}`;
    return runPrepared(manager, composedStatement<Row & QueryResultRow, unknown[]>(text), [...statement.params, ...paramsOf(jobs)]);
  }

  /** Several jobs in one statement: one round trip however many. */
  private async write(manager: EntityManager, jobs: readonly OutboxJob<object>[]): Promise<void> {
    if (jobs.length === 0) return;
    await runPrepared(manager, composedStatement<QueryResultRow, string[]>(`INSERT INTO infra.outbox (queue, job_name, payload) VALUES ${valuesOf(jobs, 0)}`), paramsOf(jobs));
  }

  /** Each job in an envelope of the running message chain, unless its payload has one. */
  private enveloped(jobs: readonly OutboxJob<object>[]): OutboxJob<object>[] {
    return jobs.map((job) => {
      const envelope = 'envelope' in job.payload && isEnvelope(job.payload.envelope) ? job.payload.envelope : newEnvelope(this.clock.now());
      return { ...job, payload: { ...job.payload, envelope } };
    });
  }
}

/** The VALUES rows of jobs whose parameters follow `offset` others: `($1, $2, $3::jsonb), ...`. */
function valuesOf(jobs: readonly OutboxJob<object>[], offset: number): string {
  return jobs.map((_, index) => `($${offset + index * 3 + 1}::text, $${offset + index * 3 + 2}::text, $${offset + index * 3 + 3}::jsonb)`).join(', ');
}

const paramsOf = (jobs: readonly OutboxJob<object>[]): string[] => jobs.flatMap((job) => [job.queue, job.jobName, JSON.stringify(job.payload)]);
