import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { ExportFinanceYear, FinanceYearExported } from '../contracts/export-finance-year.command';
import { FinanceExportStore } from './finance-export-store';
import { FinanceExporter } from './finance-exporter';

@CommandHandler(ExportFinanceYear)
export class ExportFinanceYearHandler implements ICommandHandler<ExportFinanceYear> {
  constructor(
    private readonly exporter: FinanceExporter,
    private readonly store: FinanceExportStore,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async execute({ year, format, outPath, actor, onProgress }: ExportFinanceYear): Promise<FinanceYearExported> {
    const exportId = randomUUID();
    const who = { label: actor, userId: null };
    await this.unitOfWork.run((manager) => this.store.audit(manager, exportId, 'requested', who, { year, format }));
    const target = resolve(outPath);
    const temporary = join(dirname(target), `.${basename(target)}.${exportId}.tmp`);
    try {
      const file = await this.exporter.export(
        year,
        format,
        async (source) => {
          await pipeline(source, createWriteStream(temporary));
          const handle = await open(temporary, 'r+');
          await handle.sync().finally(() => handle.close());
        },
        async (done, total) => onProgress(done, total),
      );
      await rename(temporary, target);
      await this.unitOfWork.run((manager) => this.store.audit(manager, exportId, 'completed', who, { year, format }, file));
      return { landlords: file.landlords, byteSize: file.byteSize, sha256: file.sha256 };
    } catch (error) {
      await rm(temporary, { force: true });
      await this.unitOfWork.run((manager) => this.store.audit(manager, exportId, 'failed', who, { year, format }));
      throw error;
    }
  }
}
