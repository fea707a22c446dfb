import { Worker, WorkerOptions } from 'bullmq';
import { RedisOptions } from 'ioredis';

/** Reconnect quickly (at most 2 s apart) so the product is back within seconds of Redis returning. */
const RECONNECT_DELAY_MS = (attempt: number): number => Math.min(attempt * 200, 2000);

/**
 * Options for every connection that serves a request (queue adds, rate-limit counters, health):
 * fail fast while Redis is unreachable, so the request answers 503 instead of hanging until Redis
 * comes back. Commands are not queued while disconnected. A command gives up after a few seconds:
 * a second proved too short on a loaded two-core machine, where a busy event loop alone can hold
 * a healthy Redis's answer that long.
 */
export function redisOptionsFrom(redisUrl: string): RedisOptions {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    tls: url.protocol === 'rediss:' ? {} : undefined,
    retryStrategy: RECONNECT_DELAY_MS,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 1000,
    commandTimeout: 3000,
  };
}

/**
 * Workers are the one place that should wait out an outage: a blocking BullMQ worker needs
 * unlimited retries and the offline queue, and nobody is waiting for its answer.
 */
export function workerRedisOptions(options: RedisOptions): RedisOptions {
  return { ...options, maxRetriesPerRequest: null, enableOfflineQueue: true, commandTimeout: undefined };
}

/**
 * How often a job may lose its worker mid-run (kill -9, out of memory, a deploy) before BullMQ gives
 * it up. BullMQ's default is 1: a job whose worker died twice was failed for good, whatever its
 * attempts, and nothing ran it again (the crash suite lost receipts and webhook deliveries so).
 * Every job here is idempotent, so it is safe to take it again as often as its attempts allow.
 */
export const MAX_STALLED_COUNT = 8;

/** A processor's worker options as PatientWorker runs them: patient connection, stalled jobs taken again. */
export function patientWorkerOptions(options: WorkerOptions): WorkerOptions {
  const connection = options.connection;
  // A shared ioredis instance is used as given; plain options get the patient settings.
  const isInstance = typeof (connection as { duplicate?: unknown } | undefined)?.duplicate === 'function';
  return {
    maxStalledCount: MAX_STALLED_COUNT,
    ...options,
    connection: isInstance ? connection : workerRedisOptions((connection ?? {}) as RedisOptions),
  };
}

/**
 * The worker class @nestjs/bullmq builds processors with (BullModule.workerClass). Processors get
 * the shared fail-fast connection options; this gives them the patient ones instead.
 */
export class PatientWorker extends Worker {
  constructor(...[name, processor, options]: ConstructorParameters<typeof Worker>) {
    super(name, processor, patientWorkerOptions(options!));
  }
}
