import { CommandBus } from '@nestjs/cqrs';
import { FINANCE_EXPORT_FORMATS, type FinanceExportFormat } from '@rentwise/libs/finance-export';
import { hostname, userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { ExportFinanceYear } from '../modules/statements/contracts/export-finance-year.command';
import { runCli } from './run-cli';

const USAGE = 'Usage: npm run statements:export -- --year 2025 --format csv|zip --out rentwise-2025.csv [--quiet]';

/**
 * npm run statements:export -- --year 2025 --format csv --out file.csv: finance's yearly export of
 * every landlord's statements, written straight to a file (the file appears only once whole) and
 * recorded in the audit trail with its SHA-256. Progress goes to stderr, the summary to stdout.
 */
const { values } = parseArgs({
  options: {
    year: { type: 'string' },
    format: { type: 'string', default: 'csv' },
    out: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});

const year = Number(values.year);
const format = values.format as FinanceExportFormat;
if (!Number.isInteger(year) || year < 2000 || year > 2100 || !FINANCE_EXPORT_FORMATS.includes(format) || !values.out) {
  console.error(USAGE);
  process.exit(1);
}

runCli(async (context) => {
  let lastPrinted = 0;
  const onProgress = (done: number, total: number) => {
    if (values.quiet || (done !== total && Date.now() - lastPrinted < 1000)) return;
    lastPrinted = Date.now();
    process.stderr.write(`landlords ${done}/${total}\n`);
  };
  const actor = `cli (${userInfo().username}@${hostname()})`;
  const started = performance.now();
  const result = await context.get(CommandBus).execute(new ExportFinanceYear(year, format, values.out!, actor, onProgress));
  const seconds = (performance.now() - started) / 1000;
  console.log(`${values.out}: ${result.landlords} landlords, ${result.byteSize} bytes, sha256 ${result.sha256}, in ${seconds.toFixed(3)} s`);
});
