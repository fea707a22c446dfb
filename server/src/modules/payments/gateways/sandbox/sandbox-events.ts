import { Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { EntityManager } from 'typeorm';
import { Clock } from '../../../../infrastructure/clock/clock';
import { type OneStatementChange, Outbox, type OutboxJob } from '../../../../infrastructure/outbox/outbox';
import { DEFAULT_JOB_OPTIONS } from '../../../../infrastructure/queue/job-options';
import { SANDBOX_WEBHOOKS_QUEUE } from '../../../../infrastructure/queue/queue-names';
import type { WebhookEndpoint } from '../../../../infrastructure/inbox/provider-events';
import { sandboxId } from './sandbox-ids';

export const DELIVER_SANDBOX_EVENT_JOB = 'DeliverSandboxEvent';

/**
 * Stripe retries an undelivered event with exponential backoff for up to three days; so does the
 * sandbox: 18 tries, 2 s apart at first and doubling, about 73 hours from the first to the last.
 * With our own queues' 8 tries (about 4 minutes) a burst of API restarts made the sandbox give up
 * events for good, which Stripe would still have sent (the crash suite's 1,000-payment run).
 */
export const SANDBOX_DELIVERY_JOB_OPTIONS = { ...DEFAULT_JOB_OPTIONS, attempts: 18 };

/** A Stripe-shaped event body to sign and post to our own endpoint. */
export interface DeliverSandboxEventJob {
  endpoint: WebhookEndpoint;
  body: string;
}

export interface SandboxEvent {
  type: string;
  account: string;
  object: Record<string, unknown>;
}

/** How the sandbox delivers, when a developer asks it to misbehave like the real network does. */
export interface DeliveryOptions {
  /** Each event is delivered twice. */
  duplicate?: boolean;
  /** The events of one change arrive last first. */
  reverse?: boolean;
}

/**
 * The sandbox provider's events: built as Stripe builds them (Connect events name the account) and
 * delivered, signed with the sandbox secret, to our own webhook endpoint by a job written in the
 * transaction of the change, as Stripe sends them after its own commit.
 */
@Injectable()
export class SandboxEvents {
  constructor(
    private readonly outbox: Outbox,
    private readonly clock: Clock,
  ) {}

  async emit(manager: EntityManager, events: readonly SandboxEvent[], options: DeliveryOptions = {}): Promise<void> {
    await this.outbox.addAll(manager, this.deliveries(events, options));
  }

  /** A change made by one statement and its events, written together (Outbox.writeWith). */
  writeWith<Row>(manager: EntityManager, statement: OneStatementChange, events: readonly SandboxEvent[]): Promise<Row[]> {
    return this.outbox.writeWith<Row>(manager, statement, this.deliveries(events));
  }

  /** The delivery jobs of a change's events, for the outbox. */
  private deliveries(events: readonly SandboxEvent[], options: DeliveryOptions = {}): OutboxJob<DeliverSandboxEventJob>[] {
    const bodies = events.map((event) => this.body(event));
    const ordered = options.reverse ? [...bodies].reverse() : bodies;
    return ordered.flatMap((body) =>
      Array.from({ length: options.duplicate ? 2 : 1 }, () => ({
        queue: SANDBOX_WEBHOOKS_QUEUE,
        jobName: DELIVER_SANDBOX_EVENT_JOB,
        payload: { endpoint: 'connect', body } satisfies DeliverSandboxEventJob,
      })),
    );
  }

  private body(event: SandboxEvent): string {
    return JSON.stringify({
      id: sandboxId('evt_sandbox_'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: this.clock.nowUnixSeconds(),
      type: event.type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      account: event.account,
      data: { object: event.object },
    });
  }
}
