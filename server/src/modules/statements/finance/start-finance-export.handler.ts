import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import type { FinanceExportView } from '@rentwise/libs/finance-export';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { Outbox } from '../../../infrastructure/outbox/outbox';
import { GetUser } from '../../accounts/contracts/get-user.query';
import { FinanceExportStore, type FinanceExportRecord } from './finance-export-store';
import { FINANCE_EXPORTS_QUEUE, RUN_FINANCE_EXPORT_JOB, RunFinanceExportJob } from './finance-export.job';
import { StartFinanceExport } from './start-finance-export.command';

export const viewOf = ({ fileKey: _fileKey, attempts: _attempts, ...view }: FinanceExportRecord): FinanceExportView => view;

@CommandHandler(StartFinanceExport)
export class StartFinanceExportHandler implements ICommandHandler<StartFinanceExport> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly store: FinanceExportStore,
    private readonly outbox: Outbox,
    private readonly queries: QueryBus,
  ) {}

  async execute({ year, format, requestedByUserId }: StartFinanceExport): Promise<FinanceExportView> {
    const user = await this.queries.execute(new GetUser(requestedByUserId));
    const actor = { label: user?.email ?? requestedByUserId, userId: requestedByUserId };
    return this.unitOfWork.run(async (manager) => {
      const { record, created } = await this.store.createOrJoin(manager, year, format, actor);
      if (created) {
        await this.outbox.add<Omit<RunFinanceExportJob, 'envelope'>>(manager, {
          queue: FINANCE_EXPORTS_QUEUE,
          jobName: RUN_FINANCE_EXPORT_JOB,
          payload: { exportId: record.exportId },
        });
      }
      return viewOf(record);
    });
  }
}
