import { timeZoneLabel, type Statement, type StatementRow } from '@rentwise/libs/statement-views';
import { csvRow, type CsvValue } from '@rentwise/libs/statements';
import { Readable } from 'node:stream';

const FIGURE_HEADERS = ['Rent due', 'Paid by tenants', 'Platform fee', 'Received', 'Processor fee', 'Net deposited', 'Still due'];

const figures = (row: StatementRow): CsvValue[] => [
  { cents: row.rentDueCents },
  { cents: row.grossCents },
  { cents: row.platformFeeCents },
  { cents: row.receivedCents },
  { cents: row.processorFeeCents },
  { cents: row.netCents },
  { cents: row.stillDueCents },
];

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
  yield csvRow([byProperty ? 'Property' : 'Month', ...FIGURE_HEADERS]);
  for (const row of statement.rows) yield csvRow([row.label, ...figures(row)]);
  yield csvRow(['Total', ...figures(statement.totals)]);
  if (statement.payments.length > 0) {
    yield csvRow([]);
    yield csvRow(['Payments received']);
    yield csvRow(['Date', 'Property', 'Tenant', 'Description', 'Kind', 'Paid by tenant', 'Platform fee', 'Received', 'Processor fee', 'Receipt']);
    for (const payment of statement.payments) {
      yield csvRow([
        payment.paidAt,
        payment.propertyAddress,
        payment.tenantName,
        payment.description,
        payment.kind,
        { cents: payment.grossCents },
        { cents: payment.platformFeeCents },
        { cents: payment.receivedCents },
        { cents: payment.processorFeeCents },
        payment.receiptId,
      ]);
    }
  }
  if (statement.calendarYear) {
    yield csvRow([]);
    yield csvRow([`Calendar year ${statement.year} by payment date`]);
    yield csvRow(['Month', 'Paid by tenants', 'Platform fee', 'Received', 'Processor fee', 'Net deposited']);
    for (const row of [...statement.calendarYear.rows, statement.calendarYear.totals]) {
      yield csvRow([
        row.label,
        { cents: row.grossCents },
        { cents: row.platformFeeCents },
        { cents: row.receivedCents },
        { cents: row.processorFeeCents },
        { cents: row.netCents },
      ]);
    }
  }
}

export function statementCsv(statement: Statement): Readable {
  return Readable.from(statementCsvLines(statement), { objectMode: false });
}
