import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { RecordRentPayment, RentPayment } from '../../src/modules/payments/contracts/record-rent-payment.command';
import { startTestApp, TestApp } from '../support/test-app';

describe('the payment ledger', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.close());

  const payment = (overrides: Partial<RentPayment> = {}): RentPayment => ({
    idempotencyKey: randomUUID(),
    occurredAt: new Date('2024-03-05T15:00:00Z'),
    tenantUserId: randomUUID(),
    landlordUserId: randomUUID(),
    propertyId: randomUUID(),
    chargedCents: 150_699,
    description: 'Rent: March 2024',
    provider: 'sandbox',
    providerReference: null,
    ...overrides,
  });
  const record = (rent: RentPayment) => testApp.app.get(CommandBus).execute(new RecordRentPayment(rent));
  const entriesOf = (transactionId: string) =>
    testApp.dataSource.query(
      `SELECT account, amount_cents::int AS cents FROM payments.ledger_entries WHERE transaction_id = $1 ORDER BY account`,
      [transactionId],
    );

  it.each([
    ['2020-07-29T17:59:00Z', 100],
    ['2020-07-29T17:59:01Z', 199],
    ['2022-09-01T00:00:00Z', 199],
    ['2022-09-01T00:00:01Z', 699],
  ])('posts a payment made at %s with the %i-cent fee of its era, balanced to zero', async (at, feeCents) => {
    const { transactionId } = await record(payment({ occurredAt: new Date(at), chargedCents: 100_000 }));
    expect(await entriesOf(transactionId)).toEqual([
      { account: 'landlord_payable', cents: 100_000 - feeCents },
      { account: 'processing_fees', cents: feeCents },
      { account: 'tenant_card', cents: -100_000 },
    ]);
  });

  it('records a payment once however often it is submitted with the same key', async () => {
    const rent = payment();
    const first = await record(rent);
    const second = await record(rent);
    expect(second).toEqual({ transactionId: first.transactionId, created: false });
    const [{ count }] = await testApp.dataSource.query(
      `SELECT count(*)::int AS count FROM payments.ledger_transactions WHERE idempotency_key = $1`,
      [rent.idempotencyKey],
    );
    expect(count).toBe(1);
  });

  it('refuses to change or delete what was recorded', async () => {
    const { transactionId } = await record(payment());
    await expect(
      testApp.dataSource.query(`UPDATE payments.ledger_entries SET amount_cents = 1 WHERE transaction_id = $1`, [transactionId]),
    ).rejects.toThrow(/append-only/);
    await expect(
      testApp.dataSource.query(`DELETE FROM payments.ledger_transactions WHERE id = $1`, [transactionId]),
    ).rejects.toThrow(/append-only/);
  });

  it('refuses a transaction whose entries do not balance', async () => {
    await expect(
      testApp.dataSource.transaction(async (manager) => {
        const [{ id }] = await manager.query(
          `INSERT INTO payments.ledger_transactions (idempotency_key, kind, occurred_at, tenant_user_id, landlord_user_id, property_id, description, provider)
           VALUES ($1, 'correction', now(), $2, $2, $2, 'unbalanced', 'import') RETURNING id`,
          [randomUUID(), randomUUID()],
        );
        await manager.query(`INSERT INTO payments.ledger_entries (transaction_id, account, amount_cents) VALUES ($1, 'tenant_card', -500)`, [id]);
      }),
    ).rejects.toThrow(/does not balance/);
  });

  it('refuses amounts that are not whole positive cents', async () => {
    await expect(record(payment({ chargedCents: 10.5 }))).rejects.toThrow(RangeError);
    await expect(record(payment({ chargedCents: 0 }))).rejects.toThrow(RangeError);
  });
});
