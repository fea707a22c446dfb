import { BullModule } from '@nestjs/bullmq';
import { Global, Inject, Logger, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { MAIL_QUEUE, WEBHOOKS_QUEUE } from './queue-names';
import { assertRedisKeepsJobs } from './redis-eviction-policy';
import { DEFAULT_JOB_OPTIONS } from './job-options';
import { PatientWorker, redisOptionsFrom } from './redis-options';

export const REDIS = Symbol('REDIS');

// Queues and the REDIS client fail fast (they serve requests); workers wait out an outage.
BullModule.workerClass = PatientWorker;

@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        connection: redisOptionsFrom(config.env.REDIS_URL),
        prefix: config.env.QUEUE_PREFIX,
        defaultJobOptions: DEFAULT_JOB_OPTIONS,
      }),
    }),
    BullModule.registerQueue({ name: MAIL_QUEUE }, { name: WEBHOOKS_QUEUE }),
  ],
  providers: [
    {
      provide: REDIS,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => {
        const redis = new Redis({ ...redisOptionsFrom(config.env.REDIS_URL), lazyConnect: true });
        // While Redis is away, health and the requests that need it answer 503; each failed reconnect is
        // a log line like any other (without a listener ioredis printed them to stderr, unstructured).
        const logger = new Logger('Redis');
        redis.on('error', (error: Error) => logger.warn({ err: error }, 'Redis connection error; reconnecting'));
        return redis;
      },
    },
  ],
  exports: [BullModule, REDIS],
})
export class QueueModule implements OnModuleInit, OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onModuleInit(): Promise<void> {
    await this.redis.connect();
    await assertRedisKeepsJobs(this.redis);
  }

  async onApplicationShutdown(): Promise<void> {
    this.redis.disconnect();
  }
}
