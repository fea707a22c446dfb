import { timeZoneLabel } from '@rentwise/libs/statement-views';
import { csvRow, statementFileName } from '@rentwise/libs/statements';
import { Readable } from 'node:stream';
import type { TenantLedgerView } from '../queries/tenant-ledger-view';

/**
 * A tenant's ledger as CSV, made as the statements' CSVs are (csvRow: text cells escaped against
 * formula injection, amounts as plain decimals). Oldest line first, so the running balance reads
 * down the sheet as in a bank statement; the screens show the newest first.
 */
function* tenantLedgerCsvLines(ledger: TenantLedgerView, generatedAt: Date): Generator<string> {
  yield csvRow(['Rentwise tenant ledger']);
  yield csvRow(['Tenant', ledger.tenantName]);
  yield csvRow(['Property', ledger.propertyAddress]);
  yield csvRow(['Time zone', `${timeZoneLabel(ledger.timeZone)} (${ledger.timeZone})`]);
  yield csvRow(['Balance', { cents: ledger.balanceCents }]);
  yield csvRow(['Generated', generatedAt.toISOString()]);
  yield csvRow([]);
  yield csvRow(['Date', 'What', 'Amount', 'Balance']);
  for (let index = ledger.lines.length - 1; index >= 0; index--) {
    const line = ledger.lines[index];
    yield csvRow([line.date, line.what, { cents: line.amountCents }, { cents: line.balanceCents }]);
  }
}

export function tenantLedgerCsv(ledger: TenantLedgerView, generatedAt: Date): Readable {
  return Readable.from(tenantLedgerCsvLines(ledger, generatedAt), { objectMode: false });
}

/** 'rentwise-ledger-123-main-st.csv'; the landlord's copy names the tenant too ('…-123-main-st-sam-rivera.csv'). */
export function tenantLedgerFileName(ledger: Pick<TenantLedgerView, 'propertyAddress' | 'tenantName'>, withTenant: boolean): string {
  const street = ledger.propertyAddress.split(',')[0];
  return `${statementFileName('ledger', withTenant ? `${street} ${ledger.tenantName}` : street)}.csv`;
}
