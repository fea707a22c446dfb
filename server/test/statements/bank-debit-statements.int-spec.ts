import { CommandBus } from '@nestjs/cqrs';
import { propertySchema } from '@rentwise/libs/schemas/property.schema';
import { BANK_DEBIT_FAILURES } from '@rentwise/libs/bank-debits';
import { landlordReceivesCents } from '@rentwise/libs/fees';
import { randomUUID } from 'node:crypto';
import { AddProperty } from '../../src/modules/properties/contracts/add-property.command';
import { RebuildStatements } from '../../src/modules/statements/contracts/rebuild-statements.command';
import { signedInUser } from '../support/accounts';
import { failBankDebit, sendBankDebit, settleBankDebit } from '../support/bank-debit-journals';
import { chargeRent } from '../support/rent-charge-journals';
import { financeCsv, projected as projectedLines, statementLineOf } from '../support/statement-lines';
import { startTestApp, TestApp } from '../support/test-app';

/** Decision 0037: statements read a bank debit's three journals in the month the tenant paid. */
describe('bank debits in statements', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.close());

  const lineOf = (journalId: string) => statementLineOf(testApp, journalId);
  const projected = (...journalIds: string[]) => projectedLines(testApp, ...journalIds);
  const rentedProperty = async (line1: string) => {
    const landlord = await signedInUser(testApp);
    const property = await testApp.app
      .get(CommandBus)
      .execute(new AddProperty(landlord.userId, propertySchema.parse({ line1, line2: '', city: 'Springfield', state: 'IL', zip: '62701', rent: '1,500' })));
    const parties = { tenantUserId: randomUUID(), landlordUserId: landlord.userId, propertyId: property.propertyId };
    return { landlord, property, parties };
  };
  const april = async (landlord: { headers: Record<string, string> }, propertyId: string) => {
    const response = await testApp.request({ method: 'GET', url: `/api/landlord/statements/properties/${propertyId}/months`, headers: landlord.headers });
    return (response.json().overview.months as { label: string }[]).find((month) => month.label === 'April 2025');
  };
  const charged = 150_000;
  const share = landlordReceivesCents(charged, Date.UTC(2025, 3, 9, 15) / 1000);

  it('shows a debit paid on the 9th as processing in April, and its settlement on the 14th in April too', async () => {
    const { landlord, property, parties } = await rentedProperty('1 Clearing St');
    const sent = await sendBankDebit(testApp.dataSource, parties, { paidAt: '2025-04-09T15:00:00Z', chargedCents: charged });
    const [sentLine] = await projected(sent.journalId);
    expect(sentLine).toMatchObject({ billing_month: 4, gross_cents: String(charged), processing_cents: String(charged), received_cents: '0', counts_at: null });
    expect(await april(landlord, property.propertyId)).toMatchObject({ processingCents: charged, receivedCents: 0, stillDueCents: 0, payments: 1 });

    // The 14th is after the cut-off: by its own date it would count to May.
    const settled = await settleBankDebit(testApp.dataSource, sent, '2025-04-14T15:00:00Z');
    const [settledLine] = await projected(settled);
    expect(settledLine).toMatchObject({ billing_year: 2025, billing_month: 4, processing_cents: String(-charged), received_cents: String(share) });
    expect(settledLine.counts_at?.toISOString()).toBe('2025-04-09T15:00:00.000Z');
    expect(await april(landlord, property.propertyId)).toMatchObject({ processingCents: 0, receivedCents: share, payments: 1 });

    const statement = await testApp.request({
      method: 'GET',
      url: `/api/landlord/statements/statement?year=2025&month=4&propertyId=${property.propertyId}`,
      headers: landlord.headers,
    });
    expect(statement.json().statement.totals).toMatchObject({ grossCents: charged, processingCents: 0, receivedCents: share, platformFeeCents: charged - share });
    expect(statement.json().statement.payments.map((payment: { kind: string; processingCents: number }) => [payment.kind, payment.processingCents])).toEqual([
      ['bank_debit_settled', -charged],
      ['rent_payment', charged],
    ]);
    const csv = await testApp.request({
      method: 'GET',
      url: `/api/landlord/statements/statement/download?year=2025&month=4&propertyId=${property.propertyId}&format=csv`,
      headers: landlord.headers,
    });
    expect(csv.body).toContain('Rent due,Paid by tenants,Platform fee,Received,Processing,Processor fee,Net deposited,Still due');
  });

  it('takes a failed debit out of April: no gross, no processing, no payment, the rent still due', async () => {
    const { landlord, property, parties } = await rentedProperty('2 Returned Rd');
    const rent = await chargeRent(testApp.dataSource, parties, '2025-04-01T04:00:00Z', 150_000);
    const sent = await sendBankDebit(testApp.dataSource, parties, { paidAt: '2025-04-09T15:00:00Z', chargedCents: charged, attempt: true });
    const failed = await failBankDebit(testApp.dataSource, sent, '2025-04-14T15:00:00Z', 'account_closed');
    const [, , failedLine] = await projected(rent, sent.journalId, failed);
    expect(failedLine).toMatchObject({ billing_month: 4, gross_cents: String(-charged), processing_cents: String(-charged) });
    expect(await april(landlord, property.propertyId)).toMatchObject({ processingCents: 0, receivedCents: 0, stillDueCents: 150_000, payments: 0 });
    const statement = await testApp.request({
      method: 'GET',
      url: `/api/landlord/statements/statement?year=2025&month=4&propertyId=${property.propertyId}`,
      headers: landlord.headers,
    });
    expect(statement.json().statement.payments.map((payment: { kind: string; failureReason: string | null }) => [payment.kind, payment.failureReason])).toEqual([
      ['bank_debit_failed', BANK_DEBIT_FAILURES.account_closed],
      ['rent_payment', null],
    ]);
  });

  it('lists a month’s bank debits for finance as Processing, Settled and Failed, with the money still processing', async () => {
    const { landlord, parties } = await rentedProperty('6 Finance Ct');
    const settled = await sendBankDebit(testApp.dataSource, parties, { paidAt: '2025-06-02T15:00:00Z', chargedCents: charged });
    const failed = await sendBankDebit(testApp.dataSource, parties, { paidAt: '2025-06-03T15:00:00Z', chargedCents: 20_000 });
    const processing = await sendBankDebit(testApp.dataSource, parties, { paidAt: '2025-06-04T15:00:00Z', chargedCents: 30_000 });
    await projected(
      processing.journalId,
      await settleBankDebit(testApp.dataSource, settled, '2025-06-06T15:00:00Z'),
      await failBankDebit(testApp.dataSource, failed, '2025-06-06T15:00:00Z'),
    );
    const june = (await financeCsv(testApp, 2025)).split('\r\n').find((row) => row.includes(landlord.userId) && row.includes('June 2025'));
    // Then late fees, and nothing recorded by the landlord.
    expect(june?.endsWith(',300.00,"Processing 1, Settled 1, Failed 1",0.00,0.00')).toBe(true);
  });

  it('rebuilds the same lines as it projected, counts_at included', async () => {
    const { parties } = await rentedProperty('3 Rebuild Row');
    const sent = await sendBankDebit(testApp.dataSource, parties, { paidAt: '2025-04-09T15:00:00Z', chargedCents: charged });
    await projected(sent.journalId, await settleBankDebit(testApp.dataSource, sent, '2025-04-14T15:00:00Z'));
    expect((await testApp.app.get(CommandBus).execute(new RebuildStatements(false))).differences).toEqual([]);
  });

  it('keeps an answer with its payment when the landlord chooses another time zone', async () => {
    const { landlord, parties } = await rentedProperty('4 Zone Way');
    // 06:30 UTC on 11 April: 10 April in Los Angeles (April), 11 April in New York (May).
    const sent = await sendBankDebit(testApp.dataSource, parties, { paidAt: '2025-04-11T06:30:00Z', chargedCents: charged });
    const settled = await settleBankDebit(testApp.dataSource, sent, '2025-04-16T15:00:00Z');
    await projected(sent.journalId, settled);
    expect((await lineOf(settled))?.billing_month).toBe(5);
    const changed = await testApp.request({
      method: 'PUT',
      url: '/api/landlord/statements/settings',
      headers: landlord.headers,
      payload: { timeZone: 'America/Los_Angeles' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await lineOf(sent.journalId))?.billing_month).toBe(4);
    expect((await lineOf(settled))?.billing_month).toBe(4);
  });

  it('counts a debit paid on 31 December and failed in January to neither year’s calendar months', async () => {
    const { landlord, parties } = await rentedProperty('5 Year End Ave');
    const sent = await sendBankDebit(testApp.dataSource, parties, { paidAt: '2025-12-31T15:00:00Z', chargedCents: charged });
    await projected(sent.journalId, await failBankDebit(testApp.dataSource, sent, '2026-01-05T15:00:00Z'));
    for (const year of [2025, 2026]) {
      const response = await testApp.request({ method: 'GET', url: `/api/landlord/statements/statement?year=${year}`, headers: landlord.headers });
      expect(response.json().statement.calendarYear.totals).toMatchObject({ grossCents: 0, processingCents: 0 });
    }
  });
});
