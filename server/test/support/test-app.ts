import { getQueueToken, WorkerHost } from '@nestjs/bullmq';
import { DiscoveryService } from '@nestjs/core';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AppOptions, createApp } from '../../src/app.factory';
import { Clock } from '../../src/infrastructure/clock/clock';
import { AppConfig } from '../../src/infrastructure/config/app-config';
import { SmtpSink } from '../../src/infrastructure/mail/dev-mailbox/smtp-sink';
import { MAIL_QUEUE, WEBHOOKS_QUEUE } from '../../src/infrastructure/queue/queue-names';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  mailbox: SmtpSink;
  dataSource: DataSource;
  request: NestFastifyApplication['inject'];
  clock: Clock;
  close(): Promise<void>;
}

/**
 * The whole API, as it runs in production, on the run's throwaway database, a queue prefix of its
 * own on the real Redis and a real SMTP sink on a free port. Requests go through Fastify's inject.
 */
export async function startTestApp(
  overrides: Record<string, string> = {},
  options: AppOptions = {},
): Promise<TestApp> {
  const config = AppConfig.fromEnvironment({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    MIGRATE_ON_START: 'false',
    SERVE_CLIENT: 'false',
    RUN_WORKERS: 'true',
    DEV_SMTP_PORT: '0',
    SMTP_URL: '',
    QUEUE_PREFIX: `it-${randomUUID().slice(0, 8)}`,
    ...overrides,
  });
  const app = await createApp(config, options);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  await queueConnectionsReady(app);
  return {
    app,
    config,
    mailbox: app.get(SmtpSink),
    dataSource: app.get(DataSource),
    request: app.inject.bind(app),
    clock: app.get(Clock),
    close: () => app.close(),
  };
}

/**
 * BullMQ connects in the background; closing a queue or worker before it has connected makes its
 * connection emit an error nobody listens to any more. Tests open and close apps quickly, so wait.
 */
async function queueConnectionsReady(app: NestFastifyApplication): Promise<void> {
  const queues = [MAIL_QUEUE, WEBHOOKS_QUEUE].map((name) => app.get<Queue>(getQueueToken(name)));
  const workers = app
    .get(DiscoveryService)
    .getProviders()
    .map((wrapper) => wrapper.instance as unknown)
    .filter((instance): instance is WorkerHost => instance instanceof WorkerHost);
  await Promise.all([
    ...queues.map((queue) => queue.waitUntilReady()),
    ...workers.map((host) => host.worker.waitUntilReady()),
  ]);
}
