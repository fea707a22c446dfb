import { CommandBus } from '@nestjs/cqrs';
import type { FinanceExportView } from '@rentwise/libs/finance-export';
import { propertySchema } from '@rentwise/libs/schemas/property.schema';
import type { Statement } from '@rentwise/libs/statement-views';
import { parse } from 'csv-parse/sync';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AddProperty } from '../../src/modules/properties/contracts/add-property.command';
import { RecordRentPayment } from '../../src/modules/payments/contracts/record-rent-payment.command';
import { FinanceExportProcessor } from '../../src/modules/statements/finance/finance-export.processor';
import { signedInUser, type SignedInClient } from '../support/accounts';
import { chargeRent } from '../support/rent-charge-journals';
import { formulaCells, SPREADSHEET_SEPARATORS } from '../support/spreadsheet-cells';
import { financeCsv, projected } from '../support/statement-lines';
import { startTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

const YEAR = 2024;
const SOME_ID = '00000000-0000-4000-8000-000000000000';

/** Every finance route, as (method, url, body). */
const FINANCE_ROUTES: { method: 'GET' | 'POST'; url: string; payload?: object }[] = [
  { method: 'GET', url: '/api/finance/years' },
  { method: 'GET', url: '/api/finance/exports' },
  { method: 'POST', url: '/api/finance/exports', payload: { year: YEAR, format: 'csv' } },
  { method: 'GET', url: `/api/finance/exports/${SOME_ID}` },
  { method: 'GET', url: `/api/finance/exports/${SOME_ID}/download` },
];

describe('finance exports', () => {
  let testApp: TestApp;
  let storageDir: string;
  beforeAll(async () => {
    storageDir = await mkdtemp(join(tmpdir(), 'rentwise-finance-'));
    testApp = await startTestApp({ STORAGE_DIR: storageDir });
  });
  afterAll(async () => {
    await testApp.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  const commands = () => testApp.app.get(CommandBus);
  const as = (client: SignedInClient, route: { method: 'GET' | 'POST'; url: string; payload?: object }) =>
    testApp.request({ ...route, headers: client.headers });

  /** A landlord with two properties paid every month of YEAR (one in a second time zone's edge). */
  async function landlordWithYear(line1: string) {
    const landlord = await signedInUser(testApp, { type: 'landlord', firstName: '=cmd|', lastName: line1 });
    for (const [index, rent] of ['1,500', '2,000'].entries()) {
      const property = await commands().execute(
        new AddProperty(landlord.userId, propertySchema.parse({ line1: `${index + 1} ${line1}`, line2: '', city: 'Springfield', state: 'IL', zip: '62701', rent })),
      );
      for (let month = 1; month <= 12; month++) {
        await commands().execute(
          new RecordRentPayment({
            idempotencyKey: randomUUID(),
            occurredAt: new Date(Date.UTC(YEAR, month - 1, 5, 15)),
            tenantUserId: randomUUID(),
            landlordUserId: landlord.userId,
            propertyId: property.propertyId,
            chargedCents: index === 0 ? 150_699 : 200_699,
            description: 'Rent',
            provider: 'sandbox',
            providerReference: null,
          }),
        );
      }
    }
    return { ...landlord, lastName: line1 };
  }

  describe('who may use them', () => {
    it('refuses landlords, tenants and operators every finance route', async () => {
      for (const type of ['landlord', 'tenant', 'operator'] as const) {
        const someone = await signedInUser(testApp, { type });
        for (const route of FINANCE_ROUTES) {
          const response = await as(someone, route);
          expect({ type, route: `${route.method} ${route.url}`, status: response.statusCode }).toEqual({
            type,
            route: `${route.method} ${route.url}`,
            status: 403,
          });
        }
      }
    });

    it('refuses every finance route to someone signed out', async () => {
      for (const route of FINANCE_ROUTES) expect((await testApp.request(route)).statusCode).toBe(401);
    });

    it("refuses finance users the landlords', tenants' and operators' routes", async () => {
      const finance = await signedInUser(testApp, { type: 'finance' });
      for (const url of [
        '/api/landlord/statements/properties',
        `/api/landlord/statements/statement?year=${YEAR}`,
        '/api/tenant/payments',
        '/api/onboarding/registrations?status=pending',
      ]) {
        expect({ url, status: (await as(finance, { method: 'GET', url })).statusCode }).toEqual({ url, status: 403 });
      }
    });
  });

  it("exports a year as CSV whose totals are each landlord's own yearly statement, with progress, checksum and audit trail", async () => {
    const landlords = [await landlordWithYear('Audit Lane'), await landlordWithYear("Ledger Road;=cmd|' /C calc'!A0")];
    const finance = await signedInUser(testApp, { type: 'finance' });

    const years = (await as(finance, { method: 'GET', url: '/api/finance/years' })).json<{ years: { year: number; landlords: number }[] }>().years;
    expect(years.find((row) => row.year === YEAR)?.landlords).toBeGreaterThanOrEqual(2);

    const started = await as(finance, { method: 'POST', url: '/api/finance/exports', payload: { year: YEAR, format: 'csv' } });
    expect(started.statusCode).toBe(202);
    const { exportId } = started.json<{ export: FinanceExportView }>().export;
    // Asking again while it is queued or running joins the same export.
    const again = await as(finance, { method: 'POST', url: '/api/finance/exports', payload: { year: YEAR, format: 'csv' } });
    expect(again.json<{ export: FinanceExportView }>().export.exportId).toBe(exportId);

    const done = await waitFor(
      async () => {
        const view = (await as(finance, { method: 'GET', url: `/api/finance/exports/${exportId}` })).json<{ export: FinanceExportView }>().export;
        return view.status === 'completed' ? view : undefined;
      },
      { what: 'the export to complete', timeoutMs: 30_000 },
    );
    expect(done.landlordsDone).toBe(done.landlordsTotal);
    expect(done.landlordsTotal).toBeGreaterThanOrEqual(2);

    const download = await as(finance, { method: 'GET', url: `/api/finance/exports/${exportId}/download` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="rentwise-${YEAR}-all-landlords.csv"`);
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(done.sha256);

    for (const separator of SPREADSHEET_SEPARATORS) expect({ separator, cells: formulaCells(download.body, separator) }).toEqual({ separator, cells: [] });
    const [header, ...rows] = download.body.trimEnd().split('\r\n');
    expect(header.split(',')).toContain('Paid in calendar month (by payment date)');
    for (const landlord of landlords) {
      const ownStatement = (await as(landlord, { method: 'GET', url: `/api/landlord/statements/statement?year=${YEAR}` })).json<{
        statement: Statement;
      }>().statement;
      const mine = rows.filter((row) => row.includes(landlord.userId)).map((row) => row.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/));
      expect(mine).toHaveLength(24); // two properties, twelve months
      const sum = (column: number) => Math.round(mine.reduce((total, cells) => total + Number(cells[column]) * 100, 0));
      expect({
        rentDueCents: sum(9),
        grossCents: sum(10),
        platformFeeCents: sum(11),
        receivedCents: sum(12),
        processorFeeCents: sum(13),
        netCents: sum(14),
        calendarGrossCents: sum(15),
      }).toEqual({
        rentDueCents: ownStatement.totals.rentDueCents,
        grossCents: ownStatement.totals.grossCents,
        platformFeeCents: ownStatement.totals.platformFeeCents,
        receivedCents: ownStatement.totals.receivedCents,
        processorFeeCents: ownStatement.totals.processorFeeCents,
        netCents: ownStatement.totals.netCents,
        calendarGrossCents: ownStatement.calendarYear!.totals.grossCents,
      });
      // The landlord's first name starts with '=': a spreadsheet must read it as text (and the second
      // landlord's last name has one after a ';').
      expect(mine[0][0]).toBe(`'=cmd| ${landlord.lastName.replace(';=', ";'=")}`);
    }

    const audit = await testApp.dataSource.query<{ event: string; actor: string; sha256: string | null }[]>(
      `SELECT event, actor, sha256 FROM statements.finance_export_audit WHERE export_id = $1 ORDER BY id`,
      [exportId],
    );
    expect(audit).toEqual([
      { event: 'requested', actor: finance.email, sha256: null },
      { event: 'completed', actor: finance.email, sha256: done.sha256 },
      { event: 'downloaded', actor: finance.email, sha256: done.sha256 },
    ]);
  });

  it('counts what a tenant paid before the first billing month to its calendar month, in that year’s export', async () => {
    // A move-in after the 10th is charged to the next billing month, and so is a payment made with it;
    // by payment date it is still money of its own month (and, in late December, of its own year).
    const movedInAndPaid = async (line1: string, movedInAt: string) => {
      const landlord = await signedInUser(testApp, { type: 'landlord' });
      const property = await commands().execute(
        new AddProperty(landlord.userId, propertySchema.parse({ line1, line2: '', city: 'Springfield', state: 'IL', zip: '62701', rent: '1,500' })),
      );
      const charge = await chargeRent(testApp.dataSource, { tenantUserId: randomUUID(), landlordUserId: landlord.userId, propertyId: property.propertyId }, movedInAt, 150_000);
      const payment = await commands().execute(
        new RecordRentPayment({
          idempotencyKey: randomUUID(),
          occurredAt: new Date(Date.parse(movedInAt) + 3_600_000),
          tenantUserId: randomUUID(),
          landlordUserId: landlord.userId,
          propertyId: property.propertyId,
          chargedCents: 150_699,
          description: 'Rent',
          provider: 'sandbox',
          providerReference: null,
        }),
      );
      await projected(testApp, charge, payment.transactionId);
      return landlord;
    };
    const march = await movedInAndPaid('15 March Move', `${YEAR}-03-15T16:00:00Z`);
    const december = await movedInAndPaid('20 December Move', `${YEAR}-12-20T16:00:00Z`);

    const rows = parse(await financeCsv(testApp, YEAR), { columns: true }) as Record<string, string>[];
    const figures = (landlord: { userId: string }) =>
      rows
        .filter((row) => row['Landlord id'] === landlord.userId)
        .map((row) => [row['Billing month'], row['Rent due'], row['Paid by tenants'], row['Paid in calendar month (by payment date)']]);
    expect(figures(march)).toEqual([
      [`March ${YEAR}`, '0.00', '0.00', '1506.99'],
      [`April ${YEAR}`, '1500.00', '1506.99', '0.00'],
    ]);
    expect(figures(december)).toEqual([[`December ${YEAR}`, '0.00', '0.00', '1506.99']]);
    for (const landlord of [march, december]) {
      const own = (await as(landlord, { method: 'GET', url: `/api/landlord/statements/statement?year=${YEAR}` })).json<{ statement: Statement }>().statement;
      expect(own.calendarYear?.totals.grossCents).toBe(150_699);
    }
  });

  it('starts over when a worker stopped half way, and offers the file only once it is whole', async () => {
    await landlordWithYear('Restart Row');
    const finance = await signedInUser(testApp, { type: 'finance' });
    // What a worker that died mid-run leaves: the row running, part of the progress, no file.
    const [{ id: exportId }] = await testApp.dataSource.query<{ id: string }[]>(
      `INSERT INTO statements.finance_exports (year, format, status, requested_by, attempts, started_at, landlords_done, landlords_total)
       VALUES ($1, 'zip', 'running', 'finance@example.com', 1, now(), 1, 3) RETURNING id`,
      [YEAR],
    );
    const halfWay = await as(finance, { method: 'GET', url: `/api/finance/exports/${exportId}/download` });
    expect(halfWay.statusCode).toBe(404);

    const outcome = await testApp.app.get(FinanceExportProcessor).run(exportId);
    expect(outcome.outcome).toBe('completed');
    const [row] = await testApp.dataSource.query(`SELECT status, attempts, landlords_done, landlords_total, sha256 FROM statements.finance_exports WHERE id = $1`, [exportId]);
    expect(row).toMatchObject({ status: 'completed', attempts: 2 });
    expect(row.landlords_done).toBe(row.landlords_total);

    const download = await as(finance, { method: 'GET', url: `/api/finance/exports/${exportId}/download` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(row.sha256);
    expect(download.rawPayload.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    // One PDF per landlord with a statement in the year.
    expect(download.rawPayload.toString('latin1')).toMatch(/rentwise-2024-restart-row-[a-z-]*-[0-9a-f]{8}\.pdf/);
  });
});
