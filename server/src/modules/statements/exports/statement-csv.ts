import { statementShowsProcessing, timeZoneLabel, type Statement, type StatementRow } from '@rentwise/libs/statement-views';
import { csvRow, type CsvValue } from '@rentwise/libs/statements';
import { Readable } from 'node:stream';

/** The Processing column sits after Received, and only in statements with a bank debit in them. */
const withProcessing = <T>(shows: boolean, beforeProcessing: T[], processing: T, after: T[]): T[] =>
  shows ? [...beforeProcessing, processing, ...after] : [...beforeProcessing, ...after];

const figureHeaders = (shows: boolean): string[] =>
  withProcessing(shows, ['Rent due', 'Paid by tenants', 'Platform fee', 'Received'], 'Processing', ['Processor fee', 'Net deposited', 'Still due']);

const figures = (row: StatementRow, shows: boolean): CsvValue[] =>
  withProcessing<CsvValue>(
    shows,
    [{ cents: row.rentDueCents }, { cents: row.grossCents }, { cents: row.platformFeeCents }, { cents: row.receivedCents }],
    { cents: row.processingCents },
    [{ cents: row.processorFeeCents }, { cents: row.netCents }, { cents: row.stillDueCents }],
  );

/**
 * The statement as CSV, produced row by row into the response. Text cells are escaped against
 * formula injection (csvCell); amounts are plain decimals. The same figures as the screen and PDF.
 */
function* statementCsvLines(statement: Statement): Generator<string> {
  yield csvRow([`Rentwise ${statement.kind} statement`, statement.periodLabel]);
  yield csvRow(['Property', statement.scopeLabel]);
  yield csvRow(['Billing period', statement.periodInWords]);
  yield csvRow(['Time zone', `${timeZoneLabel(statement.timeZone)} (${statement.timeZone})`]);
  yield csvRow(['Generated', statement.generatedAt]);
  yield csvRow([]);
  const byProperty = statement.kind === 'monthly' && statement.propertyId === null;
  const shows = statementShowsProcessing(statement);
  yield csvRow([byProperty ? 'Property' : 'Month', ...figureHeaders(shows)]);
  for (const row of statement.rows) yield csvRow([row.label, ...figures(row, shows)]);
  yield csvRow(['Total', ...figures(statement.totals, shows)]);
  if (statement.payments.length > 0) {
    yield csvRow([]);
    yield csvRow(['Payments received']);
    yield csvRow([
      ...withProcessing(shows, ['Date', 'Property', 'Tenant', 'Description', 'Kind', 'Paid by tenant', 'Platform fee', 'Received'], 'Processing', [
        'Processor fee',
        'Receipt',
      ]),
    ]);
    for (const payment of statement.payments) {
      yield csvRow(
        withProcessing<CsvValue>(
          shows,
          [
            payment.paidAt,
            payment.propertyAddress,
            payment.tenantName,
            payment.description,
            payment.kind,
            { cents: payment.grossCents },
            { cents: payment.platformFeeCents },
            { cents: payment.receivedCents },
          ],
          { cents: payment.processingCents },
          [{ cents: payment.processorFeeCents }, payment.receiptId],
        ),
      );
    }
  }
  if (statement.calendarYear) {
    yield csvRow([]);
    yield csvRow([`Calendar year ${statement.year} by payment date`]);
    yield csvRow(withProcessing(shows, ['Month', 'Paid by tenants', 'Platform fee', 'Received'], 'Processing', ['Processor fee', 'Net deposited']));
    for (const row of [...statement.calendarYear.rows, statement.calendarYear.totals]) {
      yield csvRow(
        withProcessing<CsvValue>(
          shows,
          [row.label, { cents: row.grossCents }, { cents: row.platformFeeCents }, { cents: row.receivedCents }],
          { cents: row.processingCents },
          [{ cents: row.processorFeeCents }, { cents: row.netCents }],
        ),
      );
    }
  }
}

export function statementCsv(statement: Statement): Readable {
  return Readable.from(statementCsvLines(statement), { objectMode: false });
}
