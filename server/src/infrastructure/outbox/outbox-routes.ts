import { Injectable } from '@nestjs/common';
import type { IntegrationEventClass } from '../messaging/integration-event';

/** Where an integration event goes: a job of this name on this queue (the consumer's own). */
export interface OutboxRoute {
  /** The event's class, e.g. PaymentRecorded (from the publishing module's contracts). */
  readonly event: IntegrationEventClass;
  readonly queue: string;
  /** The consumer's job class name. */
  readonly jobName: string;
}

/**
 * The routes modules registered (OutboxModule.forFeature), by event class. The outbox writes one
 * row per route of an event; nothing here knows any module or queue by name.
 */
@Injectable()
export class OutboxRoutes {
  private readonly byEvent = new Map<IntegrationEventClass, OutboxRoute[]>();

  add(route: OutboxRoute): void {
    const routes = this.byEvent.get(route.event) ?? [];
    if (routes.some((known) => known.queue === route.queue && known.jobName === route.jobName)) return;
    this.byEvent.set(route.event, [...routes, route]);
  }

  of(event: IntegrationEventClass): readonly OutboxRoute[] {
    return this.byEvent.get(event) ?? [];
  }
}
