import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * What a message that leaves the process or is stored carries, so one payment can be followed from
 * the HTTP request through its journal, its email and every log line on the way: every outbox job,
 * the integration event, each ledger journal, RecordRentPayment. The other commands and the
 * queries carry none: they run in process, in the caller's MessageChain. Decision 0013 says why.
 * - id: this message's own id.
 * - correlationId: the id of whatever started the chain (the HTTP request id, or the first message).
 * - causationId: the id of the message (or request) that directly caused this one.
 * - occurredAt: ISO time of what the message is about; for a payment, the provider's charge time.
 */
export interface Envelope {
  readonly id: string;
  readonly correlationId: string;
  readonly causationId: string;
  readonly occurredAt: string;
}

/** What a new message needs from its cause: an envelope is one, and so is an HTTP request. */
export interface Cause {
  readonly id: string;
  readonly correlationId: string;
}

const running = new AsyncLocalStorage<Cause>();

/**
 * The chain being worked on, carried through async calls: the HTTP middleware starts it with the
 * request id, a handler or job continues it with its message. Log lines read it too.
 */
export const MessageChain = {
  current(): Cause | undefined {
    return running.getStore();
  },
  /** Runs `work` so that messages it creates are caused by `cause`. */
  run<T>(cause: Cause, work: () => T): T {
    return running.run({ id: cause.id, correlationId: cause.correlationId }, work);
  },
  /** A request (or CLI run) that starts a chain of its own. */
  start<T>(requestId: string, work: () => T): T {
    return running.run({ id: requestId, correlationId: requestId }, work);
  },
};

/**
 * A new message's envelope, caused by `cause`, else by the chain running now, else the first of a
 * new chain. `occurredAt` comes from the caller (a Clock or the provider), never from here.
 */
export function newEnvelope(occurredAt: Date, cause: Cause | undefined = MessageChain.current()): Envelope {
  const id = randomUUID();
  return {
    id,
    correlationId: cause?.correlationId ?? id,
    causationId: cause?.id ?? id,
    occurredAt: occurredAt.toISOString(),
  };
}

/** Log fields of the running chain (pino's mixin adds them to every line). */
export function chainLogFields(): { correlationId?: string; causationId?: string } {
  const cause = running.getStore();
  return cause ? { correlationId: cause.correlationId, causationId: cause.id } : {};
}

export function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return ['id', 'correlationId', 'causationId', 'occurredAt'].every((key) => typeof candidate[key] === 'string');
}
