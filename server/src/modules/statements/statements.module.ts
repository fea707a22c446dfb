import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { OutboxModule } from '../../infrastructure/outbox/outbox.module';
import { ChangeStatementTimeZoneHandler } from './commands/change-statement-time-zone.handler';
import { RebuildStatementsHandler } from './commands/rebuild-statements.handler';
import { LandlordStatementsController } from './http/landlord-statements.controller';
import { PROJECT_STATEMENTS_JOB, STATEMENTS_QUEUE } from './projection/project-statements.job';
import { StatementsHealth } from './projection/statements-health';
import { StatementsProcessor, StatementsSweeper } from './projection/statements.processor';
import { StatementsProjector } from './projection/statements-projector';
import { GetStatementsLagHandler } from './queries/get-statements-lag.handler';
import { GetMonthlyOverviewHandler, GetStatementHandler } from './queries/statement-queries.handler';
import { StatementReader } from './queries/statement-reader';

export interface StatementsModuleOptions {
  /** Run the projector (queue worker and sweep) in this process. */
  runWorker: boolean;
}

/**
 * What arrived, by property and month: a projection of the payment ledger (decision 0016) and the
 * landlord's payment history, statements and downloads read from it.
 */
@Module({})
export class StatementsModule {
  static register(options: StatementsModuleOptions): DynamicModule {
    return {
      module: StatementsModule,
      imports: [
        CqrsModule,
        BullModule.registerQueue({ name: STATEMENTS_QUEUE }),
        OutboxModule.forFeature([{ event: 'PaymentRecorded', queue: STATEMENTS_QUEUE, jobName: PROJECT_STATEMENTS_JOB }]),
      ],
      controllers: [LandlordStatementsController],
      providers: [
        StatementsProjector,
        StatementReader,
        GetMonthlyOverviewHandler,
        GetStatementHandler,
        GetStatementsLagHandler,
        ChangeStatementTimeZoneHandler,
        RebuildStatementsHandler,
        StatementsHealth,
        ...(options.runWorker ? [StatementsProcessor, StatementsSweeper] : []),
      ],
      exports: [StatementsProjector],
    };
  }
}
