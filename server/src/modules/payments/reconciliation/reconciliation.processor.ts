import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { Job } from 'bullmq';
import { ProviderReconciler } from './provider-reconciler';
import { ReconciliationReportMailer } from './reconciliation-report-mailer';
import {
  RECONCILE_PROVIDER_BALANCES_JOB,
  RECONCILIATION_QUEUE,
  ReconcileProviderBalancesJob,
} from './reconcile-provider-balances.job';

/** Works the daily reconciliation job. */
@Processor(RECONCILIATION_QUEUE, { concurrency: 1 })
export class ReconciliationProcessor extends WorkerHost {
  private readonly logger = new Logger(ReconciliationProcessor.name);

  constructor(
    private readonly reconciler: ProviderReconciler,
    private readonly reportMailer: ReconciliationReportMailer,
  ) {
    super();
  }

  async process(job: Job<ReconcileProviderBalancesJob>): Promise<{ outcome: 'done' | 'skipped'; detail: string }> {
    if (job.name !== RECONCILE_PROVIDER_BALANCES_JOB) return { outcome: 'skipped', detail: `unknown job ${job.name}` };
    const results = await this.reconciler.reconcileAll();
    const differences = results.reduce((sum, result) => sum + result.differences.length, 0);
    const operatorsEmailed = await this.reportMailer.report(results);
    this.logger.log({ accounts: results.length, differences, operatorsEmailed }, 'Reconciliation finished');
    return { outcome: 'done', detail: `${results.length} account(s), ${differences} difference(s), ${operatorsEmailed} operator(s) emailed` };
  }
}
