import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { OperatorReconciliationController } from '../http/operator-reconciliation.controller';
import { ListReconciliationDifferencesHandler } from './list-reconciliation-differences.handler';
import { ProviderReconciler } from './provider-reconciler';
import { ReconciliationReportMailer } from './reconciliation-report-mailer';
import { RECONCILIATION_QUEUE, RECONCILIATION_SCHEDULE } from './reconcile-provider-balances.job';
import { ReconciliationProcessor } from './reconciliation.processor';
import { JobScheduler } from '../../../infrastructure/queue/job-scheduler';

/**
 * Part of the payments module: the daily comparison of each landlord's provider balance with the
 * ledger, its stored differences and the operator's report of them.
 */
@Module({})
export class ReconciliationModule {
  static register(options: { runWorker: boolean }): DynamicModule {
    return {
      module: ReconciliationModule,
      imports: [CqrsModule, BullModule.registerQueue({ name: RECONCILIATION_QUEUE })],
      controllers: [OperatorReconciliationController],
      providers: [
        ProviderReconciler,
        ReconciliationReportMailer,
        ListReconciliationDifferencesHandler,
        ...(options.runWorker ? [ReconciliationProcessor, JobScheduler(RECONCILIATION_QUEUE, RECONCILIATION_SCHEDULE)] : []),
      ],
      exports: [ProviderReconciler],
    };
  }
}
