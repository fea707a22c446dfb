import type { Envelope } from './envelope';

/**
 * An event another part of the system must act on. It travels through the outbox (written in the
 * transaction of the change it announces) to the queues of the modules that registered a route
 * for its class, as JSON: ids, cents and ISO dates only.
 */
export interface IntegrationEvent {
  readonly envelope: Envelope;
}

/** An integration event's class: what a module names when it registers a route (OutboxModule.forFeature). */
export type IntegrationEventClass<Event extends IntegrationEvent = IntegrationEvent> = abstract new (...args: never[]) => Event;
