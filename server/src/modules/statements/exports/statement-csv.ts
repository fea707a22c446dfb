import { calendarFigures, statementFigures, statementShowsProcessing, timeZoneLabel, type Statement } from '@rentwise/libs/statement-views';
import { csvRow, type CsvValue } from '@rentwise/libs/statements';
import { Readable } from 'node:stream';

/** The Processing column sits after Received, and only in statements with a bank debit in them. */
const withProcessing = <T>(shows: boolean, beforeProcessing: T[], processing: T, after: T[]): T[] =>
  shows ? [...beforeProcessing, processing, ...after] : [...beforeProcessing, ...after];


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
  const figures = statementFigures(statement);
  yield csvRow([byProperty ? 'Property' : 'Month', ...figures.map((figure) => figure.title)]);
  for (const row of [...statement.rows, { ...statement.totals, label: 'Total' }]) {
    yield csvRow([row.label, ...figures.map((figure): CsvValue => ({ cents: row[figure.key] }))]);
  }
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
    const figures = calendarFigures(statement);
    yield csvRow(['Month', ...figures.map((figure) => figure.title)]);
    for (const row of [...statement.calendarYear.rows, statement.calendarYear.totals]) {
      yield csvRow([row.label, ...figures.map((figure): CsvValue => ({ cents: row[figure.key] }))]);
    }
  }
}

export function statementCsv(statement: Statement): Readable {
  return Readable.from(statementCsvLines(statement), { objectMode: false });
}
