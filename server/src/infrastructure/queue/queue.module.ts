import { BullModule } from '@nestjs/bullmq';
import { Global, Inject, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
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
      useFactory: (config: AppConfig) => new Redis({ ...redisOptionsFrom(config.env.REDIS_URL), lazyConnect: true }),
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
