import { Command } from '@nestjs/cqrs';
import type { FinanceExportFormat } from '@rentwise/libs/finance-export';

export interface FinanceYearExported {
  landlords: number;
  byteSize: number;
  sha256: string;
}

/**
 * The finance export of a year written straight to a file (npm run statements:export): the same
 * snapshot, rows and PDFs as the finance area's export, and the same audit trail. The file appears
 * under `outPath` only once it is whole.
 */
export class ExportFinanceYear extends Command<FinanceYearExported> {
  constructor(
    readonly year: number,
    readonly format: FinanceExportFormat,
    readonly outPath: string,
    /** Who ran it, for the audit trail: 'cli (user@host)'. */
    readonly actor: string,
    readonly onProgress: (landlordsDone: number, landlordsTotal: number) => void = () => undefined,
  ) {
    super();
  }
}
