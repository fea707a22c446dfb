import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { billingMonthKey } from '@rentwise/libs/billing-month';
import {
  bankDebitStatesByBillingMonth,
  financeCsvHeader,
  type FinanceCsvLine,
  financeCsvRows,
  type FinanceExportFormat,
  financePdfEntryName,
  type FinanceYear,
  NO_BANK_DEBITS,
  recordedCentsByBillingMonth,
} from '@rentwise/libs/finance-export';
import { type MoneyTotals, type MonthRow, NO_MONEY } from '@rentwise/libs/statements';
import archiver from 'archiver';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { Readable, Transform } from 'node:stream';
import type { EntityManager } from 'typeorm';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetUser } from '../../accounts/contracts/get-user.query';
import { GetUsers } from '../../accounts/contracts/get-users.query';
import type { UserView } from '../../accounts/contracts/user-view';
import { statementPdf } from '../exports/statement-pdf';
import { StatementsProjector } from '../projection/statements-projector';
import { type LandlordYear, StatementReader } from '../queries/statement-reader';

/** Called after each landlord (and once with 0 when the total is known). */
export type ExportProgress = (landlordsDone: number, landlordsTotal: number) => Promise<void>;

export interface ExportedFile<T> {
  written: T;
  landlords: number;
  byteSize: number;
  sha256: string;
}

/**
 * CSV lines per string handed to the stream: about 25 kB. A batch's lines as one string (over a
 * megabyte) went to V8's large-object space, which only a full collection frees, so the export's
 * peak memory grew with the number of landlords (572 MB at 10,000 against 351 MB at 1,000).
 */
const CSV_LINES_PER_CHUNK = 100;

/**
 * How many landlords are read at once (one FETCH, then their rows). A batch's rows live while the next
 * batch is read, so they should die in V8's young generation: at fifty landlords (12,000 lines with the
 * next batch) they outlived two scavenges and were promoted, and the old generation filled to its first
 * limit, so peak memory grew with the year (498 MB at 10,000 landlords against 325 MB at 1,000). At twenty
 * it stays at 290 MB for both, in the same time.
 */
const FETCH_LANDLORDS = 20;

/**
 * Every landlord's year, streamed from one consistent snapshot (a read-only REPEATABLE READ
 * transaction that the other modules' queries join): landlords are read by a server-side cursor twenty
 * ids at a time, and a batch's rows are written while the next batch is read (a PDF before the next
 * landlord is), so memory holds two batches, never the year. The figures come from StatementReader, the same code
 * as the landlord's own statements, so the totals agree by construction.
 */
@Injectable()
export class FinanceExporter {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly reader: StatementReader,
    private readonly projector: StatementsProjector,
    private readonly queries: QueryBus,
  ) {}

  /** Billing years with payments, newest first, with how many landlords each has. */
  async years(): Promise<FinanceYear[]> {
    // As the export: every journal committed so far counts, not only those the projector has reached.
    await this.projector.catchUp({ wait: true });
    const rows = await this.unitOfWork.manager.query<{ year: number; landlords: number }[]>(
      `SELECT billing_year AS year, count(DISTINCT landlord_user_id)::int AS landlords
         FROM statements.statement_lines GROUP BY billing_year ORDER BY billing_year DESC`,
    );
    return rows.map((row) => ({ year: row.year, landlords: row.landlords }));
  }

  /**
   * Streams the year's export to `write` (which must consume the stream it is given) and answers
   * what it wrote with its size and SHA-256.
   */
  async export<T>(
    year: number,
    format: FinanceExportFormat,
    write: (source: Readable) => Promise<T>,
    progress: ExportProgress,
  ): Promise<ExportedFile<T>> {
    if (!Number.isInteger(year)) throw new Error(`Not a year: ${year}`);
    // The snapshot should include every journal committed so far.
    await this.projector.catchUp({ wait: true });
    return this.unitOfWork.snapshot(async (manager) => {
      // Reader calls made later from stream callbacks run in this context, so they join the snapshot.
      const inSnapshot = AsyncLocalStorage.snapshot();
      // Landlords with a line counted to this year or before (their year may have rent due), or made in
      // it by date (a day either side of any time zone's year): a payment in late December can count to
      // the next year's first billing month and still be this year's by payment date.
      const madeBefore = new Date(Date.UTC(year + 1, 0, 1) + DAY_MS).toISOString();
      const from = `FROM statements.statement_lines WHERE billing_year <= ${year} OR occurred_at < '${madeBefore}'`;
      const [{ total }] = await manager.query<{ total: number }[]>(`SELECT count(DISTINCT landlord_user_id)::int AS total ${from}`);
      await progress(0, total);
      await manager.query(`DECLARE finance_landlords NO SCROLL CURSOR FOR SELECT DISTINCT landlord_user_id ${from} ORDER BY 1`);
      let done = 0;
      const landlordsDone = (count: number) => progress((done += count), total);
      const landlords = landlordBatches(manager);

      const checksum = createHash('sha256');
      let byteSize = 0;
      const measured = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          checksum.update(chunk);
          byteSize += chunk.length;
          callback(null, chunk);
        },
      });

      let written: T;
      if (format === 'csv') {
        const source = Readable.from(this.csvChunks(year, landlords, inSnapshot, landlordsDone), { objectMode: false });
        written = await write(source.pipe(measured));
      } else {
        const archive = archiver('zip', { zlib: { level: 6 } });
        const stopped = new AbortController();
        const writing = write(archive.pipe(measured)).catch((error: unknown) => {
          stopped.abort();
          throw error;
        });
        const filling = this.fillZip(archive, year, landlords, inSnapshot, landlordsDone, stopped.signal).catch((error: unknown) => {
          archive.destroy(error as Error);
          throw error;
        });
        [written] = await Promise.all([writing, filling]);
      }
      return { written, landlords: done, byteSize, sha256: checksum.digest('hex') };
    });
  }

  private async *csvChunks(
    year: number,
    landlords: AsyncIterable<string[]>,
    inSnapshot: <R>(work: () => R) => R,
    landlordsDone: (count: number) => Promise<void>,
  ): AsyncGenerator<string> {
    yield financeCsvHeader();
    const batches = landlords[Symbol.asyncIterator]();
    const readNext = (): Promise<{ landlords: number; lines: FinanceCsvLine[] } | null> =>
      inSnapshot(async () => {
        const batch = await batches.next();
        return batch.done ? null : { landlords: batch.value.length, lines: await this.landlordsLines(batch.value, year) };
      });
    // The next batch is read while this one is written out: the database's time and ours overlap.
    let reading = readNext();
    for (let read = await reading; read; read = await reading) {
      reading = readNext();
      for (let at = 0; at < read.lines.length; at += CSV_LINES_PER_CHUNK) yield financeCsvRows(read.lines.slice(at, at + CSV_LINES_PER_CHUNK));
      await landlordsDone(read.landlords);
    }
  }

  /** The lines of a batch of landlords, in their order, from a few statements (not a dozen a landlord). */
  private async landlordsLines(landlordUserIds: string[], year: number): Promise<FinanceCsvLine[]> {
    // One after another: inside the snapshot they share one connection.
    const landlords = await this.queries.execute(new GetUsers(landlordUserIds));
    const years = await this.reader.yearsByProperty(landlordUserIds, year);
    return landlordUserIds.flatMap((landlordUserId) => landlordLines(landlordUserId, landlords.get(landlordUserId) ?? null, years.get(landlordUserId)!, year));
  }

  /**
   * One PDF per landlord, exactly their own yearly statement (their name is in the entry's name); the
   * next is drawn once the last is in the archive.
   */
  private async fillZip(
    archive: archiver.Archiver,
    year: number,
    landlords: AsyncIterable<string[]>,
    inSnapshot: <R>(work: () => R) => R,
    landlordsDone: (count: number) => Promise<void>,
    stopped: AbortSignal,
  ): Promise<void> {
    for await (const landlordUserId of oneByOne(landlords)) {
      const landlord = await inSnapshot(() => this.queries.execute(new GetUser(landlordUserId)));
      const statement = await inSnapshot(() => this.reader.statement(landlordUserId, { year, month: null }, null));
      if (statement && statement.rows.length > 0) {
        const added = once(archive, 'entry', { signal: stopped });
        archive.append(statementPdf(statement), {
          name: financePdfEntryName(year, { userId: landlordUserId, firstName: landlord?.firstName ?? '', lastName: landlord?.lastName ?? '' }),
          date: new Date(statement.generatedAt),
        });
        await added;
      }
      await landlordsDone(1);
    }
    await archive.finalize();
  }
}

const DAY_MS = 86_400_000;

/** A billing month the property's history does not reach: nothing due, nothing paid to it. */
const NO_BILLING_MONTH: Readonly<MoneyTotals & Pick<MonthRow, 'rentDueCents' | 'lateFeesCents'>> = Object.freeze({ ...NO_MONEY, rentDueCents: 0, lateFeesCents: 0 });

const nameOf = (user: UserView | null): string => (user ? `${user.firstName} ${user.lastName}` : 'Former landlord');

async function* landlordBatches(manager: EntityManager): AsyncGenerator<string[]> {
  for (;;) {
    const rows = await manager.query<{ landlord_user_id: string }[]>(`FETCH ${FETCH_LANDLORDS} FROM finance_landlords`);
    if (rows.length > 0) yield rows.map((row) => row.landlord_user_id);
    if (rows.length < FETCH_LANDLORDS) return;
  }
}

async function* oneByOne<T>(batches: AsyncIterable<T[]>): AsyncGenerator<T> {
  for await (const batch of batches) yield* batch;
}

/** One landlord's lines of the CSV: a line per property and month where something was due, paid or moved. */
function landlordLines(landlordUserId: string, landlord: UserView | null, landlordYear: LandlordYear, year: number): FinanceCsvLine[] {
  const lines: FinanceCsvLine[] = [];
  for (const { property, months, calendarMonths, lines: propertyLines } of landlordYear.properties) {
    const bankDebits = bankDebitStatesByBillingMonth(propertyLines);
    const recorded = recordedCentsByBillingMonth(propertyLines);
    const billingMonths = new Map(months.map((row) => [row.month, row]));
    for (let month = 1; month <= 12; month++) {
      // A calendar month before the property's first billing month has no row of its own, yet tenants may
      // have paid in it: a payment after the 10th counts to the next month, as a move-in's charge does.
      const row = billingMonths.get(month) ?? NO_BILLING_MONTH;
      const key = billingMonthKey({ year, month });
      const calendarGrossCents = calendarMonths[month - 1].grossCents;
      const bankDebitStates = bankDebits.get(key) ?? NO_BANK_DEBITS;
      // Months where nothing was due, paid or moved say nothing to finance (a failed bank debit did move).
      if (row.rentDueCents === 0 && row.lateFeesCents === 0 && row.payments === 0 && row.grossCents === 0 && calendarGrossCents === 0 && !bankDebits.has(key)) continue;
      lines.push({
        landlordUserId,
        landlordName: nameOf(landlord),
        landlordEmail: landlord?.email ?? '',
        timeZone: landlordYear.timeZone,
        propertyId: property.propertyId,
        propertyAddress: property.address,
        year,
        month,
        rentDueCents: row.rentDueCents,
        grossCents: row.grossCents,
        platformFeeCents: row.platformFeeCents,
        receivedCents: row.receivedCents,
        processorFeeCents: row.processorFeeCents,
        netCents: row.netCents,
        calendarGrossCents,
        processingCents: row.processingCents,
        bankDebits: bankDebitStates,
        lateFeesCents: row.lateFeesCents,
        recordedCents: recorded.get(key) ?? 0,
      });
    }
  }
  return lines;
}
