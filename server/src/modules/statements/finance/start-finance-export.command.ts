import { Command } from '@nestjs/cqrs';
import type { FinanceExportFormat, FinanceExportView } from '@rentwise/libs/finance-export';

/**
 * A finance user asks for a year's export: a queued export and its job, written together (the job
 * through the outbox). The same year and format already queued or running is answered instead.
 */
export class StartFinanceExport extends Command<FinanceExportView> {
  constructor(
    readonly year: number,
    readonly format: FinanceExportFormat,
    readonly requestedByUserId: string,
  ) {
    super();
  }
}
