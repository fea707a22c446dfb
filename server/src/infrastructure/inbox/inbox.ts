import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../clock/clock';
import { preparedStatement, runPrepared } from '../database/prepared-statement';
import { UnitOfWork } from '../database/unit-of-work';
import { MessageChain, newEnvelope } from '../messaging/envelope';
import { Outbox, type OutboxJob } from '../outbox/outbox';
import { ProviderObjectNotFound } from '../providers/provider-errors';
import type { GatewayEvent, ProviderEvent, ProviderEventTranslator, WebhookEndpoint } from './provider-events';
import { WEBHOOKS_QUEUE } from '../queue/queue-names';
import { HANDLE_PROVIDER_EVENT_JOB, HandleProviderEventJob } from './handle-provider-event.job';
import { ProviderEventHandlers, ProviderEventOutcome } from './provider-event-handlers';

export type InboxStatus = 'pending' | 'done' | 'skipped' | 'unhandled' | 'failed';

export interface InboxRow {
  id: string;
  provider: string;
  providerEventId: string;
  endpoint: WebhookEndpoint;
  type: string;
  accountId: string | null;
  status: InboxStatus;
  outcome: string | null;
  attempts: number;
  sweeps: number;
  lastError: string | null;
  nextAttemptAt: Date | null;
  receivedAt: Date;
  handledAt: Date | null;
}

interface StoredRow {
  id: string;
  provider: string;
  provider_event_id: string;
  endpoint: WebhookEndpoint;
  type: string;
  account_id: string | null;
  status: InboxStatus;
  outcome: string | null;
  attempts: number;
  sweeps: number;
  last_error: string | null;
  next_attempt_at: Date | null;
  received_at: Date;
  handled_at: Date | null;
  event: GatewayEvent;
  provider_created_at: Date;
  correlation_id: string | null;
}

const toInboxRow = (row: StoredRow): InboxRow => ({
  id: row.id,
  provider: row.provider,
  providerEventId: row.provider_event_id,
  endpoint: row.endpoint,
  type: row.type,
  accountId: row.account_id,
  status: row.status,
  outcome: row.outcome,
  attempts: row.attempts,
  sweeps: row.sweeps,
  lastError: row.last_error,
  nextAttemptAt: row.next_attempt_at,
  receivedAt: row.received_at,
  handledAt: row.handled_at,
});

/** Each provider event's first statement, prepared (it runs in the event's transaction). */
const ROW_FOR_UPDATE = preparedStatement<StoredRow, [inboxId: string]>('infra.inbox-row-for-update', `SELECT * FROM infra.inbox WHERE id = $1 FOR UPDATE`);

/** The row of an event stored before: providers deliver again until they get an answer in time. */
const STORED_ROW_ID = preparedStatement<{ id: string }, [provider: string, providerEventId: string]>(
  'infra.inbox-stored-row-id',
  `SELECT id FROM infra.inbox WHERE provider = $1 AND provider_event_id = $2`,
);

/** What became of one job's run over its row. */
export type InboxOutcome = ProviderEventOutcome | { outcome: 'unhandled'; reason: string } | { outcome: 'already'; status: InboxStatus };

/** A pending row nobody has touched for this long lost its job (Redis flushed, a crash): re-queue it. */
export const STUCK_AFTER_MS = 15 * 60 * 1000;
/** Failed rows come back after 5 min, 10, 20 ... capped at 6 hours; after this many sweeps they wait for an operator. */
export const MAX_SWEEPS = 12;
const MAX_BACKOFF_MS = 6 * 3600 * 1000;

export function sweepBackoffMs(sweeps: number): number {
  return Math.min(5 * 60 * 1000 * 2 ** Math.max(0, sweeps), MAX_BACKOFF_MS);
}

/**
 * The inbox for provider events (decision 0021): each verified event is stored once, unique on the
 * provider's event id, with its job (atomically: one statement), before the endpoint answers 200. A job
 * works the stored row: the adapter translates it into a product event, the owning module's handler
 * acts on it, and the handler's writes and the row's mark commit together. Unknown types wait as
 * 'unhandled'; failures are retried by the queue, then by the sweeper with backoff, then by an operator.
 */
@Injectable()
export class Inbox {
  private readonly logger = new Logger(Inbox.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly unitOfWork: UnitOfWork,
    private readonly outbox: Outbox,
    private readonly handlers: ProviderEventHandlers,
    private readonly clock: Clock,
  ) {}

  private readonly translators = new Map<string, ProviderEventTranslator>();

  /** Stored rows of `translator.name` are read with it (the gateways' module adds its adapters when it starts). */
  addTranslator(translator: ProviderEventTranslator): void {
    this.translators.set(translator.name, translator);
  }

  /**
   * Stores a verified event with its job, in one statement (Outbox.writeWith: the row's id is made
   * here so that its job can name it; a transaction of four round trips before). False when the event
   * was already stored. `provider` is the name of the adapter that verified it (its translator's).
   */
  async receive(event: GatewayEvent, endpoint: WebhookEndpoint, provider: string): Promise<{ inboxId: string; stored: boolean }> {
    const manager = this.dataSource.manager;
    const inboxId = randomUUID();
    const inserted = await this.outbox.writeWith<{ id: string }>(
      manager,
      {
        steps: `stored AS (
            INSERT INTO infra.inbox
              (id, provider, provider_event_id, endpoint, type, account_id, livemode, provider_created_at, event,
               correlation_id, received_at, updated_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $11)
            ON CONFLICT (provider, provider_event_id) DO NOTHING
            RETURNING id)`,
        result: 'stored',
        params: [
          inboxId,
          provider,
          event.id,
          endpoint,
          event.type,
          event.accountId ?? null,
          event.livemode,
          new Date(event.createdUnixSeconds * 1000),
          JSON.stringify(event),
          MessageChain.current()?.correlationId ?? null,
          this.clock.now(),
        ],
      },
      [handleJobOf(inboxId)],
    );
    if (inserted[0]) return { inboxId, stored: true };
    // Stored before (a redelivery): ON CONFLICT waited for that insert to commit, so the row is there to read.
    const [existing] = await runPrepared(manager, STORED_ROW_ID, [provider, event.id]);
    return { inboxId: existing.id, stored: false };
  }

  /**
   * Works one stored row in one transaction: the row is locked (a duplicate job waits, then finds it
   * finished), the product event's handler runs, and the row is marked with the outcome.
   */
  async handle(inboxId: string): Promise<InboxOutcome> {
    return this.unitOfWork.run(async (manager) => {
      const [row] = await this.unitOfWork.query(ROW_FOR_UPDATE, [inboxId]);
      if (!row) return { outcome: 'skipped', reason: 'no such inbox row' };
      if (row.status !== 'pending' && row.status !== 'failed') return { outcome: 'already', status: row.status };
      const event = this.translate(row);
      const handler = event && this.handlers.of(event.type);
      if (!event || !handler) {
        const reason = event ? `no handler for ${event.type}` : `event type ${row.type} is not handled`;
        await this.acknowledge(manager, inboxId, 'unhandled', reason);
        return { outcome: 'unhandled', reason };
      }
      const envelope = newEnvelope(this.clock.now(), { id: row.id, correlationId: row.correlation_id ?? row.id });
      const outcome = await MessageChain.run(envelope, async (): Promise<ProviderEventOutcome> => {
        try {
          return await handler.handle(event, { inboxId, envelope, received: row.event });
        } catch (error) {
          // The provider no longer knows the object (or never did on that account): nothing to act on.
          if (error instanceof ProviderObjectNotFound) return { outcome: 'skipped', reason: error.message };
          throw error;
        }
      });
      await this.acknowledge(
        manager,
        inboxId,
        outcome.outcome,
        outcome.outcome === 'skipped' ? outcome.reason : (outcome.detail ?? event.type),
      );
      this.logger.log({ inboxId, eventId: row.provider_event_id, type: row.type, ...outcome }, 'Provider event handled');
      return outcome;
    });
  }

  /** The row's mark, in the handler's transaction, with the jobs the handler asked for (Outbox.writeWithPending). */
  async acknowledge(manager: EntityManager, inboxId: string, status: InboxStatus, outcome: string): Promise<void> {
    await this.outbox.writeWithPending(manager, {
      steps: `acknowledged AS (
          UPDATE infra.inbox SET status = $2, outcome = $3, attempts = attempts + 1, last_error = NULL,
                 next_attempt_at = NULL, handled_at = $4, updated_at = $4
           WHERE id = $1
          RETURNING id)`,
      result: 'acknowledged',
      params: [inboxId, status, outcome, this.clock.now()],
    });
  }

  /** After a failed run (its transaction rolled back): count it; the last of the queue's tries marks the row failed. */
  async recordFailure(inboxId: string, error: unknown, lastTry: boolean): Promise<void> {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const now = this.clock.now();
    await this.dataSource.query(
      `UPDATE infra.inbox
          SET attempts = attempts + 1, last_error = left($2, 2000), updated_at = $3,
              status = CASE WHEN $4 THEN 'failed' ELSE status END,
              next_attempt_at = CASE WHEN $4 AND sweeps < $5 THEN $3::timestamptz + make_interval(secs => LEAST($6::double precision / 1000 * power(2, sweeps), $7::double precision / 1000)) END
        WHERE id = $1 AND status IN ('pending', 'failed')`,
      [inboxId, message, now, lastTry, MAX_SWEEPS, sweepBackoffMs(0), MAX_BACKOFF_MS],
    );
  }

  /**
   * Re-queues failed rows whose backoff has passed and pending rows whose job was lost. Several
   * workers may sweep at once: SKIP LOCKED shares the rows. Returns the ids it re-queued.
   */
  async sweep(limit = 100): Promise<string[]> {
    return this.dataSource.transaction(async (manager) => {
      const now = this.clock.now();
      const rows = await manager.query<{ id: string }[]>(
        `SELECT id FROM infra.inbox
          WHERE (status = 'failed' AND next_attempt_at <= $1)
             OR (status = 'pending' AND updated_at < $2)
          ORDER BY updated_at
          LIMIT $3
          FOR UPDATE SKIP LOCKED`,
        [now, new Date(now.getTime() - STUCK_AFTER_MS), limit],
      );
      for (const { id } of rows) {
        await manager.query(
          `UPDATE infra.inbox SET status = 'pending', sweeps = sweeps + 1, next_attempt_at = NULL, updated_at = $2 WHERE id = $1`,
          [id, now],
        );
        await this.enqueue(manager, id);
      }
      if (rows.length > 0) this.logger.warn({ count: rows.length }, 'Inbox sweeper re-queued provider events');
      return rows.map((row) => row.id);
    });
  }

  /** An operator's replay: the rows (by inbox id or provider event id) go back to pending with a new job. */
  async replay(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    return this.dataSource.transaction(async (manager) => {
      // UPDATE ... RETURNING answers [rows, count] through TypeORM's driver.
      const [rows] = await manager.query<[{ id: string }[], number]>(
        `UPDATE infra.inbox SET status = 'pending', next_attempt_at = NULL, updated_at = $2
          WHERE id::text = ANY($1) OR provider_event_id = ANY($1)
          RETURNING id`,
        [ids, this.clock.now()],
      );
      for (const { id } of rows) await this.enqueue(manager, id);
      return rows.map((row) => row.id);
    });
  }

  async list(filter: { statuses?: readonly InboxStatus[]; limit?: number } = {}): Promise<InboxRow[]> {
    const rows = await this.dataSource.query<StoredRow[]>(
      `SELECT * FROM infra.inbox
        WHERE ($1::text[] IS NULL OR status = ANY($1))
        ORDER BY received_at DESC
        LIMIT $2`,
      [filter.statuses?.length ? filter.statuses : null, filter.limit ?? 100],
    );
    return rows.map(toInboxRow);
  }

  /** Each gateway reads its own events; a row of a provider no adapter here speaks for stays unhandled. */
  private translate(row: StoredRow): ProviderEvent | null {
    return this.translators.get(row.provider)?.translateEvent(row.event) ?? null;
  }

  private async enqueue(manager: EntityManager, inboxId: string): Promise<void> {
    await this.outbox.add(manager, handleJobOf(inboxId));
  }
}

/** The job that works a stored row. */
function handleJobOf(inboxId: string): OutboxJob<HandleProviderEventJob> {
  return { queue: WEBHOOKS_QUEUE, jobName: HANDLE_PROVIDER_EVENT_JOB, payload: { inboxId } };
}
