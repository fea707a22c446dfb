import { getQueueToken } from '@nestjs/bullmq';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Job, Queue } from 'bullmq';
import { propertySchema } from '@rentwise/libs/schemas/property.schema';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { UnitOfWork } from '../../src/infrastructure/database/unit-of-work';
import { AddProperty } from '../../src/modules/properties/contracts/add-property.command';
import { UpdateProperty } from '../../src/modules/properties/commands/update-property.command';
import { newEnvelope } from '../../src/infrastructure/messaging/envelope';
import { type LedgerFeedPage, ReadWholeLedgerFeed } from '../../src/modules/payments/contracts/read-ledger-feed.query';
import { RecordRentPayment, RentPayment } from '../../src/modules/payments/contracts/record-rent-payment.command';
import { RebuildStatements } from '../../src/modules/statements/contracts/rebuild-statements.command';
import { PROJECT_STATEMENTS_JOB, ProjectStatementsJob, STATEMENTS_QUEUE } from '../../src/modules/statements/projection/project-statements.job';
import { STATEMENTS_LOCK_KEY, StatementsProjector } from '../../src/modules/statements/projection/statements-projector';
import { StatementsProcessor } from '../../src/modules/statements/projection/statements.processor';
import { signedInUser } from '../support/accounts';
import { chargeRent } from '../support/rent-charge-journals';
import { projected as projectedLines, statementLineOf } from '../support/statement-lines';
import { formulaCells, SPREADSHEET_SEPARATORS } from '../support/spreadsheet-cells';
import { startTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

describe('statements', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.close());

  const commands = () => testApp.app.get(CommandBus);
  const projector = () => testApp.app.get(StatementsProjector);
  // The app's own projector runs too (woken by the outbox, and every 15 s): wait for the lock
  // rather than count a run that found it taken.
  const catchUp = () => projector().catchUp({ wait: true });
  const projected = (...journalIds: string[]) => projectedLines(testApp, ...journalIds);
  const addProperty = async (landlordUserId: string, line1: string, rent = '1,500') =>
    commands().execute(
      new AddProperty(landlordUserId, propertySchema.parse({ line1, line2: '', city: 'Springfield', state: 'IL', zip: '62701', rent })),
    );
  const pay = (landlordUserId: string, propertyId: string, occurredAt: string, chargedCents = 150_699) => {
    const payment: RentPayment = {
      idempotencyKey: randomUUID(),
      occurredAt: new Date(occurredAt),
      tenantUserId: randomUUID(),
      landlordUserId,
      propertyId,
      chargedCents,
      description: 'Rent: by test',
      provider: 'sandbox',
      providerReference: null,
    };
    return commands().execute(new RecordRentPayment(payment));
  };
  const lineOf = (journalId: string) => statementLineOf(testApp, journalId);
  /** A new landlord's property paid at each time, projected: the payments' journal ids. */
  const projectedPayments = async (line1: string, paidAt: string[]): Promise<string[]> => {
    const landlord = await signedInUser(testApp);
    const property = await addProperty(landlord.userId, line1);
    const journalIds: string[] = [];
    for (const at of paidAt) journalIds.push((await pay(landlord.userId, property.propertyId, at)).transactionId);
    await projected(...journalIds);
    return journalIds;
  };

  it('projects a recorded payment into its billing month, woken by the outbox', async () => {
    const landlord = await signedInUser(testApp);
    const property = await addProperty(landlord.userId, '1 Wake St');
    const { transactionId } = await pay(landlord.userId, property.propertyId, '2025-03-11T03:59:59Z'); // 23:59:59 on March 10th in New York
    const line = await waitFor(() => lineOf(transactionId), { what: 'the statement line' });
    expect(line).toMatchObject({ billing_year: 2025, billing_month: 3, gross_cents: '150699', received_cents: '150000', platform_fee_cents: '699' });
  });

  it('a wake-up that finds a transaction open elsewhere projects its payment once that one ends, not at the next sweep', async () => {
    const landlord = await signedInUser(testApp);
    const property = await addProperty(landlord.userId, '2 Horizon Rd');
    const other = new Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT pg_current_xact_id()'); // holds the feed's horizon below the payment
      const { transactionId } = await pay(landlord.userId, property.propertyId, '2025-05-02T12:00:00Z');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await lineOf(transactionId)).toBeUndefined();
      await other.query('COMMIT');
      // The sweep is 15 s away: a line within 5 s came from the wake-up.
      await waitFor(() => lineOf(transactionId), { what: 'the statement line', timeoutMs: 5_000 });
    } finally {
      await other.end();
    }
  });

  it('a sweep leaves at once while another run holds the projection; a waiting catch-up projects after it', async () => {
    const landlord = await signedInUser(testApp);
    const property = await addProperty(landlord.userId, '3 Queue Ct');
    const other = new Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query(`SELECT pg_advisory_xact_lock($1)`, [STATEMENTS_LOCK_KEY]);
      const { transactionId } = await pay(landlord.userId, property.propertyId, '2025-06-02T12:00:00Z');
      expect(await projector().catchUp()).toMatchObject({ ran: false });

      let settled = false;
      const waiting = projector()
        .catchUp({ wait: true })
        .finally(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(settled).toBe(false);
      await other.query('COMMIT');
      expect(await waiting).toMatchObject({ ran: true });
      expect(await lineOf(transactionId)).toBeDefined();
    } finally {
      await other.end();
    }
  });

  it('a wake-up with a later one waiting leaves the catch-up to it; the last one runs it', async () => {
    const queue = testApp.app.get<Queue>(getQueueToken(STATEMENTS_QUEUE));
    const processor = testApp.app.get(StatementsProcessor);
    const wakeUp = { name: PROJECT_STATEMENTS_JOB, data: { envelope: newEnvelope(new Date()) } } as Job<ProjectStatementsJob>;
    await queue.pause();
    try {
      await queue.add(PROJECT_STATEMENTS_JOB, wakeUp.data);
      expect(await processor.process(wakeUp)).toEqual({ outcome: 'skipped', reason: 'a later wake-up is waiting' });
    } finally {
      await queue.resume();
    }
    await waitFor(async () => ((await queue.getWaitingCount()) === 0 ? true : undefined), { what: 'the waiting wake-up to be taken' });
    expect(await processor.process(wakeUp)).toMatchObject({ ran: expect.any(Boolean) });
  });

  it('shows two journals committed out of order across two connections, and skips neither', async () => {
    const landlordUserId = randomUUID();
    const propertyId = randomUUID();
    const first = new Client({ connectionString: process.env.DATABASE_URL });
    const second = new Client({ connectionString: process.env.DATABASE_URL });
    await Promise.all([first.connect(), second.connect()]);
    const journal = async (client: Client) => {
      const [{ id }] = (
        await client.query(
          `INSERT INTO payments.ledger_transactions (idempotency_key, kind, occurred_at, tenant_user_id, landlord_user_id, property_id, description, provider)
           VALUES ($1, 'rent_payment', '2025-05-01T12:00:00Z', $2, $3, $4, 'Rent: out of order', 'import') RETURNING id`,
          [randomUUID(), randomUUID(), landlordUserId, propertyId],
        )
      ).rows;
      await client.query(
        `INSERT INTO payments.ledger_entries (transaction_id, account, amount_cents) VALUES ($1, 'tenant_card', -10000), ($1, 'landlord_payable', 9301), ($1, 'processing_fees', 699)`,
        [id],
      );
      return id as string;
    };
    try {
      await first.query('BEGIN');
      const early = await journal(first); // takes the lower transaction id, commits last
      await second.query('BEGIN');
      const late = await journal(second);
      await second.query('COMMIT');

      await projector().catchUp();
      expect(await lineOf(late)).toBeUndefined(); // an older transaction is still open: the position stops below it

      // A waiting catch-up (finance's) waits for the older transaction, then reads both.
      let settled = false;
      const waiting = catchUp().finally(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(settled).toBe(false);
      await first.query('COMMIT');
      await waiting;
      expect(await lineOf(early)).toBeDefined();
      expect(await lineOf(late)).toBeDefined();
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
  });

  it('changes nothing when caught up twice, and a rebuild from the start equals the incremental lines', async () => {
    await projectedPayments('2 Rebuild Rd', ['2024-12-10T12:00:00Z', '2024-12-11T12:00:00Z', '2025-02-28T00:00:00Z']);
    const before = await testApp.dataSource.query(`SELECT * FROM statements.statement_lines ORDER BY journal_id`);
    const again = await catchUp();
    expect(again.journals).toBe(0);
    expect(await testApp.dataSource.query(`SELECT * FROM statements.statement_lines ORDER BY journal_id`)).toEqual(before);

    const dryRun = await commands().execute(new RebuildStatements(false));
    expect(dryRun.differences).toEqual([]);
    expect(dryRun.lines).toBe(before.length);
  });

  it('rebuild reports lines missing from live both ways and swaps in the rebuilt ones', async () => {
    const landlord = await signedInUser(testApp);
    const property = await addProperty(landlord.userId, '3 Swap Ave');
    const { transactionId } = await pay(landlord.userId, property.propertyId, '2025-01-05T12:00:00Z');
    await projected(transactionId);
    await testApp.dataSource.query(`DELETE FROM statements.statement_lines WHERE journal_id = $1`, [transactionId]);
    const stray = randomUUID();
    await testApp.dataSource.query(
      `INSERT INTO statements.statement_lines SELECT $1, kind, landlord_user_id, property_id, tenant_user_id, occurred_at, billing_year, billing_month, gross_cents, platform_fee_cents, received_cents, processor_fee_cents, description, corrects_journal_id FROM statements.statement_lines LIMIT 1`,
      [stray],
    );
    const result = await commands().execute(new RebuildStatements(true));
    expect(result.differences.map((difference) => difference.journalId).sort()).toEqual([transactionId, stray].sort());
    expect(await lineOf(transactionId)).toBeDefined();
    expect(await lineOf(stray)).toBeUndefined();
    expect((await commands().execute(new RebuildStatements(false))).differences).toEqual([]);
  });

  it('rebuilds when the database cluster changed (a restore), from the start', async () => {
    const landlord = await signedInUser(testApp);
    const property = await addProperty(landlord.userId, '5 Restore Rd');
    const { transactionId } = await pay(landlord.userId, property.propertyId, '2025-06-01T12:00:00Z');
    await projected(transactionId);
    // A line only a rebuild from the start brings back: the incremental run never re-reads its journal.
    // Repeated, because the app's own run may hold the lock and write the real identifier back.
    await waitFor(async () => {
      await testApp.dataSource.query(`DELETE FROM statements.statement_lines WHERE journal_id = $1`, [transactionId]);
      await testApp.dataSource.query(`UPDATE statements.projection_positions SET cluster_system_identifier = 'another-cluster'`);
      await catchUp();
      return lineOf(transactionId);
    }, { what: 'the line rebuilt from the start' });
    const [row] = await testApp.dataSource.query(`SELECT cluster_system_identifier FROM statements.projection_positions`);
    expect(row.cluster_system_identifier).not.toBe('another-cluster');
  });

  it('reads the whole ledger a page at a time in one snapshot, and projects it from no position at all', async () => {
    const journalIds = await projectedPayments('6 First Run Rd', ['2025-03-01T12:00:00Z', '2025-03-02T12:00:00Z', '2025-03-03T12:00:00Z']);
    const everyJournal = Number((await testApp.dataSource.query(`SELECT count(*) FROM payments.ledger_transactions`))[0].count);
    const pages = await testApp.app.get(UnitOfWork).run(async () => {
      const read: LedgerFeedPage[] = [];
      for await (const page of await testApp.app.get(QueryBus).execute(new ReadWholeLedgerFeed(2))) read.push(page);
      return read;
    });
    expect(pages.length).toBe(Math.floor(everyJournal / 2) + 1);
    expect(pages.every((page) => page.journals.length <= 2)).toBe(true);
    expect(pages.map((page) => page.caughtUp)).toEqual([...Array(pages.length - 1).fill(false), true]);
    expect(new Set(pages.map((page) => page.nextPosition)).size).toBe(1);
    const read = pages.flatMap((page) => page.journals.map((journal) => journal.journalId));
    expect(new Set(read).size).toBe(everyJournal);
    expect(read).toEqual(expect.arrayContaining(journalIds));

    // As on a first start over an existing ledger: no lines, no position. Repeated, because the app's
    // own run may hold the lock and store a position first.
    const lines = await testApp.dataSource.query(`SELECT * FROM statements.statement_lines ORDER BY journal_id`);
    await waitFor(async () => {
      await testApp.dataSource.query(`DELETE FROM statements.statement_lines`);
      await testApp.dataSource.query(`DELETE FROM statements.projection_positions`);
      const first = await catchUp();
      return first.journals === everyJournal && !first.rebuilt;
    }, { what: 'the first projection of every journal' });
    expect(await testApp.dataSource.query(`SELECT * FROM statements.statement_lines ORDER BY journal_id`)).toEqual(lines);
    expect((await catchUp()).journals).toBe(0);
  });

  it('shows its lag in /api/health', async () => {
    await catchUp();
    const response = await testApp.request({ method: 'GET', url: '/api/health' });
    expect(response.json().info.statements).toMatchObject({ status: 'up', journalsBehind: expect.any(Number), secondsBehind: expect.any(Number) });
  });

  it('asks each month the rent it was charged, Full Amount Received only when received covers it', async () => {
    const owner = await signedInUser(testApp);
    const property = await addProperty(owner.userId, '5 History Ln', '1,000');
    const parties = { tenantUserId: randomUUID(), landlordUserId: owner.userId, propertyId: property.propertyId };
    const charges = [
      await chargeRent(testApp.dataSource, parties, '2025-01-01T05:00:00Z', 100_000),
      await chargeRent(testApp.dataSource, parties, '2025-02-01T05:00:00Z', 100_000),
    ];
    const january = await pay(owner.userId, property.propertyId, '2025-01-05T15:00:00Z', 100_699); // January, in full
    const february = await pay(owner.userId, property.propertyId, '2025-02-05T15:00:00Z', 50_699); // February, half
    await projected(...charges, january.transactionId, february.transactionId);
    const response = await testApp.request({
      method: 'GET',
      url: `/api/landlord/statements/properties/${property.propertyId}/months`,
      headers: owner.headers,
    });
    const months = response.json().overview.months as { label: string; rentDueCents: number; receivedCents: number; stillDueCents: number; fullAmountReceived: boolean }[];
    expect(months.at(-1)).toMatchObject({ label: 'January 2025', rentDueCents: 100_000, receivedCents: 100_000, fullAmountReceived: true });
    expect(months.at(-2)).toMatchObject({ label: 'February 2025', rentDueCents: 100_000, receivedCents: 50_000, stillDueCents: 50_000, fullAmountReceived: false });
  });

  it('remembers a yearly statement until anything it was made from changes: lines, rent, time zone', async () => {
    const owner = await signedInUser(testApp);
    const property = await addProperty(owner.userId, '8 Memo Way', '1,000');
    const april = await pay(owner.userId, property.propertyId, '2025-04-02T15:00:00Z', 100_699);
    await projected(april.transactionId);
    const unitOfWork = testApp.app.get(UnitOfWork);
    const asked: string[] = [];
    const query = unitOfWork.query.bind(unitOfWork);
    const spy = jest.spyOn(unitOfWork, 'query').mockImplementation((statement, values) => {
      asked.push(statement.name);
      return query(statement, values);
    });
    const yearly = async () => {
      asked.length = 0;
      const response = await testApp.request({ method: 'GET', url: '/api/landlord/statements/statement?year=2025', headers: owner.headers });
      expect(response.statusCode).toBe(200);
      const { generatedAt, ...figures } = response.json().statement;
      return { figures, generatedAt, readLines: asked.includes('statements.landlords-year-lines') };
    };
    const received = (figures: { totals: { receivedCents: number } }) => figures.totals.receivedCents;
    try {
      const first = await yearly();
      expect(first.readLines).toBe(true);
      expect(received(first.figures)).toBe(100_000);
      const again = await yearly();
      expect(again.readLines).toBe(false);
      expect(again.figures).toEqual(first.figures);
      expect(Date.parse(again.generatedAt)).toBeGreaterThanOrEqual(Date.parse(first.generatedAt));

      // A new payment's line.
      const may = await pay(owner.userId, property.propertyId, '2025-05-02T15:00:00Z', 100_699);
      await projected(may.transactionId);
      const afterPayment = await yearly();
      expect(afterPayment.readLines).toBe(true);
      expect(received(afterPayment.figures)).toBe(200_000);
      expect((await yearly()).readLines).toBe(false);

      // A line changed by hand (a repair): the lines' trigger gives the landlord a new version.
      await testApp.dataSource.query(`UPDATE statements.statement_lines SET received_cents = received_cents - 1 WHERE journal_id = $1`, [may.transactionId]);
      expect(received((await yearly()).figures)).toBe(199_999);

      // Another module's input: the rent (from the month it closes in, so this year's months are as they were).
      const rentDue = (figures: { totals: { rentDueCents: number } }) => figures.totals.rentDueCents;
      const before = await yearly();
      await commands().execute(
        new UpdateProperty(owner.userId, property.propertyId, propertySchema.parse({ line1: '8 Memo Way', line2: '', city: 'Springfield', state: 'IL', zip: '62701', rent: '1,200' })),
      );
      const afterRent = await yearly();
      expect(afterRent.readLines).toBe(true);
      expect(rentDue(afterRent.figures)).toBe(rentDue(before.figures));

      // The time zone: the same lines, billed in other months.
      await testApp.request({ method: 'PUT', url: '/api/landlord/statements/settings', headers: owner.headers, payload: { timeZone: 'Pacific/Kiritimati' } });
      const afterZone = await yearly();
      expect(afterZone.readLines).toBe(true);
      expect(afterZone.figures.timeZone).toBe('Pacific/Kiritimati');
    } finally {
      spy.mockRestore();
    }
  });

  describe('a landlord reads only their own statements and downloads', () => {
    it('answers 404 for another landlord’s property on every read and download, and leaves it out of all-properties', async () => {
      const owner = await signedInUser(testApp);
      const other = await signedInUser(testApp);
      const property = await addProperty(owner.userId, '123 Main St');
      await projected((await pay(owner.userId, property.propertyId, '2025-04-02T15:00:00Z')).transactionId);
      const get = (who: typeof owner, url: string) => testApp.request({ method: 'GET', url, headers: who.headers });
      const urls = [
        `/api/landlord/statements/properties/${property.propertyId}/months`,
        `/api/landlord/statements/statement?year=2025&propertyId=${property.propertyId}`,
        `/api/landlord/statements/statement?year=2025&month=4&propertyId=${property.propertyId}`,
        `/api/landlord/statements/statement/download?year=2025&propertyId=${property.propertyId}&format=csv`,
        `/api/landlord/statements/statement/download?year=2025&propertyId=${property.propertyId}&format=pdf`,
      ];
      for (const url of urls) {
        expect((await get(owner, url)).statusCode).toBe(200);
        const refused = await get(other, url);
        expect(refused.statusCode).toBe(404);
        expect(refused.json()).toEqual({ status: 'error', error: 'Not found' });
      }
      expect((await get(owner, '/api/landlord/statements/properties/not-an-id/months')).statusCode).toBe(404);
      const theirs = await get(other, '/api/landlord/statements/statement?year=2025');
      expect(theirs.json().statement.totals.receivedCents).toBe(0);
      const mine = await get(owner, '/api/landlord/statements/statement?year=2025&month=4');
      expect(mine.json().statement.totals.receivedCents).toBe(150_000);
      expect(mine.json().statement.periodInWords).toBe('Payments made from 11 March to 10 April count as April.');
      expect((await testApp.request({ method: 'GET', url: urls[0] })).statusCode).toBe(401);
    });

    it('downloads a yearly CSV and PDF named after the year and the address, with the screen’s figures', async () => {
      const owner = await signedInUser(testApp);
      const property = await addProperty(owner.userId, '=123 Main St');
      const parties = { tenantUserId: randomUUID(), landlordUserId: owner.userId, propertyId: property.propertyId };
      await projected(
        await chargeRent(testApp.dataSource, parties, '2025-04-01T04:00:00Z', 150_000),
        await chargeRent(testApp.dataSource, parties, '2025-04-07T04:00:00Z', 5_000, 'late_fee'),
        (await pay(owner.userId, property.propertyId, '2025-04-02T15:00:00Z')).transactionId,
      );
      const base = `/api/landlord/statements/statement/download?year=2025&propertyId=${property.propertyId}`;
      const csv = await testApp.request({ method: 'GET', url: `${base}&format=csv`, headers: owner.headers });
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.headers['content-disposition']).toBe('attachment; filename="rentwise-2025-123-main-st.csv"');
      expect(csv.body).toContain("Property,\"'=123 Main St, Springfield, IL 62701\"");
      // A month with a late fee shows the Late fees column, in Still due (a $50 fee unpaid).
      expect(csv.body).toContain('Month,Rent due,Late fees,Paid by tenants,Platform fee,Received,Processor fee,Net deposited,Still due');
      expect(csv.body).toContain('April 2025,1500.00,50.00,1506.99,6.99,1500.00,0.00,1500.00,50.00');
      const pdf = await testApp.request({ method: 'GET', url: `${base}&format=pdf`, headers: owner.headers });
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('writes no cell a spreadsheet would run as a formula, whichever separator it splits on', async () => {
      const owner = await signedInUser(testApp, { firstName: 'Lee;=HYPERLINK("http://x")' });
      const property = await addProperty(owner.userId, "77 Harbor;=cmd|' /C calc'!A0");
      await projected((await pay(owner.userId, property.propertyId, '2025-04-02T15:00:00Z')).transactionId);
      for (const query of [`year=2025&propertyId=${property.propertyId}`, 'year=2025&month=4']) {
        const csv = await testApp.request({ method: 'GET', url: `/api/landlord/statements/statement/download?${query}&format=csv`, headers: owner.headers });
        expect(csv.statusCode).toBe(200);
        expect(csv.body).toContain('77 Harbor');
        for (const separator of SPREADSHEET_SEPARATORS) expect({ query, separator, cells: formulaCells(csv.body, separator) }).toEqual({ query, separator, cells: [] });
      }
    });

    it('regroups past payments when the landlord chooses another time zone', async () => {
      const owner = await signedInUser(testApp);
      const property = await addProperty(owner.userId, '9 Zone Ct');
      // 23:30 on April 10th in Los Angeles is already April 11th in New York.
      const { transactionId } = await pay(owner.userId, property.propertyId, '2025-04-11T06:30:00Z');
      await projected(transactionId);
      expect((await lineOf(transactionId))?.billing_month).toBe(5);
      const changed = await testApp.request({
        method: 'PUT',
        url: '/api/landlord/statements/settings',
        headers: owner.headers,
        payload: { timeZone: 'America/Los_Angeles' },
      });
      expect(changed.json()).toEqual({ status: 'success', settings: { timeZone: 'America/Los_Angeles', defaultTimeZone: 'America/New_York' } });
      expect((await lineOf(transactionId))?.billing_month).toBe(4);
      const refused = await testApp.request({
        method: 'PUT',
        url: '/api/landlord/statements/settings',
        headers: owner.headers,
        payload: { timeZone: 'Mars/Olympus' },
      });
      expect(refused.statusCode).toBe(400);
    });
  });
});
