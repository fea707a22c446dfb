import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';
import { Clock, MovableClock, SystemClock } from './infrastructure/clock/clock';
import { ClockModule } from './infrastructure/clock/clock.module';
import { AppConfig } from './infrastructure/config/app-config';
import { ConfigModule } from './infrastructure/config/config.module';
import { DatabaseModule } from './infrastructure/database/database.module';
import { FaultsModule } from './infrastructure/faults/faults.module';
import { HealthModule } from './infrastructure/health/health.module';
import { InboxModule } from './infrastructure/inbox/inbox.module';
import { INBOX_CONCURRENCY } from './infrastructure/inbox/inbox.processor';
import { MailModule } from './infrastructure/mail/mail.module';
import { createRootLogger } from './infrastructure/logging/root-logger';
import { OutboxModule } from './infrastructure/outbox/outbox.module';
import { OutboxRelay } from './infrastructure/outbox/outbox-relay';
import { QueueModule } from './infrastructure/queue/queue.module';
import { StorageModule } from './infrastructure/storage/storage.module';
import { AccountsModule } from './modules/accounts/accounts.module';
import { OnboardingModule } from './modules/onboarding/onboarding.module';
import { PaymentsModule } from './modules/payments/payments.module';
import { PropertiesModule } from './modules/properties/properties.module';
import { StatementsModule } from './modules/statements/statements.module';
import { TenantsModule } from './modules/tenants/tenants.module';

/** api: HTTP (and workers too unless RUN_WORKERS=false); worker: queue workers only; cli: neither. */
export type ProcessRole = 'api' | 'worker' | 'cli';

/** Wires infrastructure and the business modules; the worker process gets the same graph minus HTTP concerns. */
@Module({})
export class AppModule {
  static register(
    config: AppConfig,
    role: ProcessRole,
    // Outside production the clock can be moved forward by the dev tools (decision 0040); never in production.
    clock: Clock = config.isProduction ? new SystemClock() : new MovableClock(),
    logger: Logger = createRootLogger(config),
  ): DynamicModule {
    const runWorkers = role === 'worker' || (role === 'api' && config.env.RUN_WORKERS);
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        // Nest's Logger writes through the root logger. No per-request middleware: the access log and
        // the request's message chain are plain Fastify hooks (infrastructure/http/request-logging.ts).
        LoggerModule.forRoot({ pinoHttp: { logger }, useExisting: true, forRoutes: [] }),
        ClockModule.register(clock),
        FaultsModule,
        CqrsModule.forRoot(),
        DatabaseModule.register({ heldByJobs: runWorkers ? INBOX_CONCURRENCY : 0 }),
        QueueModule,
        OutboxModule,
        StorageModule,
        MailModule.register({ devMailbox: role === 'api' && config.usesDevMailbox, runWorker: runWorkers }),
        InboxModule.register({ runWorker: runWorkers }),
        ...(role === 'api' ? [HealthModule] : []),
        AccountsModule,
        OnboardingModule,
        PropertiesModule,
        TenantsModule,
        PaymentsModule.register({ runWorker: runWorkers, config }),
        StatementsModule.register({ runWorker: runWorkers }),
      ],
      providers: runWorkers ? [OutboxRelay] : [],
    };
  }
}
