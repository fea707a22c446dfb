import type { Envelope } from '../../../infrastructure/messaging/envelope';

export const FINANCE_EXPORTS_QUEUE = 'finance-exports';

/** Builds one finance export's file (decision 0018); written to the outbox with the export's row. */
export const RUN_FINANCE_EXPORT_JOB = 'RunFinanceExport';

export interface RunFinanceExportJob {
  envelope: Envelope;
  exportId: string;
}
