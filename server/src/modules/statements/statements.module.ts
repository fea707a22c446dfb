import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { OutboxModule } from '../../infrastructure/outbox/outbox.module';
import { PaymentRecorded } from '../payments/contracts/payment-recorded.event';
import { ChangeStatementTimeZoneHandler } from './commands/change-statement-time-zone.handler';
import { RebuildStatementsHandler } from './commands/rebuild-statements.handler';
import { ExportFinanceYearHandler } from './finance/export-finance-year.handler';
import { FinanceExportStore } from './finance/finance-export-store';
import { FinanceExportSweeper } from './finance/finance-export-sweeper';
import { FINANCE_EXPORTS_QUEUE } from './finance/finance-export.job';
import { FinanceExportProcessor } from './finance/finance-export.processor';
import { FinanceExporter } from './finance/finance-exporter';
import { StartFinanceExportHandler } from './finance/start-finance-export.handler';
import { FinanceExportsController } from './http/finance-exports.controller';
import { LandlordStatementsController } from './http/landlord-statements.controller';
import { LandlordTransactionsController } from './http/landlord-transactions.controller';
import { PROJECT_STATEMENTS_JOB, STATEMENTS_QUEUE } from './projection/project-statements.job';
import { StatementsHealth } from './projection/statements-health';
import { StatementsProcessor, StatementsSweeper } from './projection/statements.processor';
import { StatementsProjector } from './projection/statements-projector';
import { GetLandlordTimeZoneHandler, GetLandlordTimeZonesHandler } from './queries/get-landlord-time-zone.handler';
import { GetStatementsLagHandler } from './queries/get-statements-lag.handler';
import { GetMonthlyOverviewHandler, GetStatementHandler } from './queries/statement-queries.handler';
import { StatementReader } from './queries/statement-reader';
import { TransactionsExporter } from './transactions/transactions-exporter';

export interface StatementsModuleOptions {
  /** Run the projector (queue worker and sweep) in this process. */
  runWorker: boolean;
}

/**
 * What arrived, by property and month: a projection of the payment ledger (decision 0016) and the
 * landlord's payment history, statements and downloads read from it; finance staff's yearly exports
 * of every landlord's statements (decision 0018).
 */
@Module({})
export class StatementsModule {
  static register(options: StatementsModuleOptions): DynamicModule {
    return {
      module: StatementsModule,
      imports: [
        CqrsModule,
        BullModule.registerQueue({ name: STATEMENTS_QUEUE }, { name: FINANCE_EXPORTS_QUEUE }),
        OutboxModule.forFeature([{ event: PaymentRecorded, queue: STATEMENTS_QUEUE, jobName: PROJECT_STATEMENTS_JOB }]),
      ],
      controllers: [LandlordStatementsController, LandlordTransactionsController, FinanceExportsController],
      providers: [
        StatementsProjector,
        StatementReader,
        GetMonthlyOverviewHandler,
        GetStatementHandler,
        GetStatementsLagHandler,
        GetLandlordTimeZoneHandler,
        GetLandlordTimeZonesHandler,
        ChangeStatementTimeZoneHandler,
        RebuildStatementsHandler,
        StatementsHealth,
        FinanceExporter,
        FinanceExportStore,
        StartFinanceExportHandler,
        ExportFinanceYearHandler,
        TransactionsExporter,
        ...(options.runWorker ? [StatementsProcessor, StatementsSweeper, FinanceExportProcessor, FinanceExportSweeper] : []),
      ],
      exports: [StatementsProjector],
    };
  }
}
