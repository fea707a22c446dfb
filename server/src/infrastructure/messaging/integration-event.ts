import type { Envelope } from './envelope';

/**
 * An event another part of the system must act on. It travels through the outbox (written in the
 * transaction of the change it announces) to the queues of the modules that registered a route
 * for it, as JSON: ids, cents and ISO dates only. Its name is its class name.
 */
export interface IntegrationEvent {
  readonly envelope: Envelope;
}
