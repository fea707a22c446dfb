import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { isChargeLine, type StatementLine } from '@rentwise/libs/statements';
import {
  NO_SETTLEMENT,
  transactionCsvRow,
  transactionsCsvHeader,
  type TransactionsPeriod,
  transactionsWindow,
} from '@rentwise/libs/transactions-export';
import { Readable } from 'node:stream';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetUser } from '../../accounts/contracts/get-user.query';
import { GetPaymentSettlements } from '../../payments/contracts/get-payment-settlements.query';
import { LINE_SELECT, type LineRow, toLine } from '../projection/statement-lines';
import { StatementReader } from '../queries/statement-reader';

/** Lines read, named and written at a time: memory holds one page, never the period. */
const PAGE_LINES = 500;
/** Below every journal id: the first page starts at the period's first instant. */
const BEFORE_EVERY_ID = '00000000-0000-0000-0000-000000000000';
const COUNTS_AT = 'coalesce(statement_lines.counts_at, statement_lines.occurred_at)';

/**
 * A page of the landlord's lines counting in the window (by countsAt, so a bank payment's answer
 * comes with its payment), after a (countsAt, journal id) key: keyset pages, each a short query of its
 * own, so a slow download holds no transaction open. Lines are written once and never change (a time
 * zone change rebuilds them: a download running across it may mix both).
 */
const TRANSACTIONS_PAGE = preparedStatement<LineRow, [landlordUserId: string, from: Date, before: Date, afterAt: string, afterId: string]>(
  'statements.transactions-page',
  `SELECT ${LINE_SELECT} FROM statements.statement_lines
    WHERE landlord_user_id = $1 AND ${COUNTS_AT} >= $2 AND ${COUNTS_AT} < $3
      AND (${COUNTS_AT}, journal_id) > ($4::timestamptz, $5::uuid)
    ORDER BY ${COUNTS_AT}, journal_id
    LIMIT ${PAGE_LINES}`,
);

/**
 * The landlord's transactions CSV (decision 0045): every statement line of theirs counting in the
 * period, one CSV line each, from the same projected lines as their statements, so the figures agree.
 */
@Injectable()
export class TransactionsExporter {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly reader: StatementReader,
    private readonly queries: QueryBus,
  ) {}

  async csv(landlordUserId: string, period: TransactionsPeriod): Promise<Readable> {
    const timeZone = await this.reader.timeZone(landlordUserId);
    // Removed properties included: their lines stay in the ledger.
    const addresses = new Map((await this.reader.properties(landlordUserId)).map((property) => [property.propertyId, property.address]));
    return Readable.from(this.chunks(landlordUserId, transactionsWindow(period, timeZone), timeZone, addresses), { objectMode: false });
  }

  private async *chunks(
    landlordUserId: string,
    window: { from: Date; before: Date },
    timeZone: string,
    addresses: ReadonlyMap<string, string>,
  ): AsyncGenerator<string> {
    yield transactionsCsvHeader();
    const names = new Map<string, string>();
    let after = { at: window.from.toISOString(), id: BEFORE_EVERY_ID };
    for (;;) {
      const lines = (await this.unitOfWork.query(TRANSACTIONS_PAGE, [landlordUserId, window.from, window.before, after.at, after.id])).map(toLine);
      if (lines.length === 0) return;
      const settlements = await this.queries.execute(
        new GetPaymentSettlements(
          landlordUserId,
          lines.filter((line) => !isChargeLine(line)).map((line) => line.journalId),
        ),
      );
      await this.learnNames(lines, names);
      yield lines
        .map((line) =>
          transactionCsvRow(line, {
            timeZone,
            tenantName: names.get(line.tenantUserId) ?? 'Former tenant',
            propertyAddress: addresses.get(line.propertyId) ?? '',
            settlement: settlements.get(line.journalId) ?? NO_SETTLEMENT,
          }),
        )
        .join('');
      if (lines.length < PAGE_LINES) return;
      const last = lines[lines.length - 1];
      after = { at: last.countsAt, id: last.journalId };
    }
  }

  /** Tenants' names, asked once per tenant of the download. */
  private async learnNames(lines: readonly StatementLine[], names: Map<string, string>): Promise<void> {
    for (const tenantUserId of new Set(lines.map((line) => line.tenantUserId))) {
      if (names.has(tenantUserId)) continue;
      const user = await this.queries.execute(new GetUser(tenantUserId));
      names.set(tenantUserId, user ? `${user.firstName} ${user.lastName}` : 'Former tenant');
    }
  }
}
