import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { OutboxRoutes } from '../../src/infrastructure/outbox/outbox-routes';
import { MAIL_QUEUE } from '../../src/infrastructure/queue/queue-names';
import { APP_ROLE } from '../../src/migrations/1733100000000-ledger-hardening';
import { IdempotencyKeyReused } from '../../src/modules/payments/contracts/idempotency-key-reused.error';
import { PaymentRecorded } from '../../src/modules/payments/contracts/payment-recorded.event';
import { RecordRentPayment, RentPayment } from '../../src/modules/payments/contracts/record-rent-payment.command';
import { startTestApp, TestApp } from '../support/test-app';

/** Connected as the role that owns the tables (the one migrations run as). */
async function ownerClient(): Promise<Client> {
  const client = new Client({ connectionString: process.env.DATABASE_MIGRATION_URL ?? process.env.DATABASE_URL });
  await client.connect();
  return client;
}

describe('the payment ledger', () => {
  let testApp: TestApp;
  let owner: Client;
  beforeAll(async () => {
    testApp = await startTestApp();
    owner = await ownerClient();
  });
  afterAll(async () => {
    await owner.end();
    await testApp.close();
  });

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
  const record = (rent: RentPayment, cause?: { id: string; correlationId: string }) =>
    testApp.app.get(CommandBus).execute(new RecordRentPayment(rent, cause));
  const entriesOf = (transactionId: string) =>
    testApp.dataSource.query(
      `SELECT account, amount_cents::int AS cents FROM payments.ledger_entries WHERE transaction_id = $1 ORDER BY account`,
      [transactionId],
    );
  /** A journal written by hand, in one database transaction, as the application's connection. */
  const post = (kind: string, entries: [string, number][], corrects: string | null = null) =>
    testApp.dataSource.transaction(async (manager) => {
      const [{ id }] = await manager.query(
        `INSERT INTO payments.ledger_transactions (idempotency_key, kind, occurred_at, tenant_user_id, landlord_user_id, property_id, description, provider, corrects_transaction_id)
         VALUES ($1, $2, now(), $3, $3, $3, 'by hand', 'import', $4) RETURNING id`,
        [randomUUID(), kind, randomUUID(), corrects],
      );
      for (const [account, cents] of entries) {
        await manager.query(`INSERT INTO payments.ledger_entries (transaction_id, account, amount_cents) VALUES ($1, $2, $3)`, [
          id,
          account,
          cents,
        ]);
      }
      return id as string;
    });

  describe('fee eras', () => {
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

    // The last second of each era and the first of the next, each with a payment of exactly the
    // fee, one cent less and one cent more.
    it.each([
      ['2020-07-29T17:59:00Z', 100],
      ['2020-07-29T17:59:01Z', 199],
      ['2022-09-01T00:00:00Z', 199],
      ['2022-09-01T00:00:01Z', 699],
    ])('posts a payment made at %s at or below its %i-cent fee with no landlord entry', async (at, feeCents) => {
      for (const charged of [feeCents, feeCents - 1]) {
        const { transactionId } = await record(payment({ occurredAt: new Date(at), chargedCents: charged }));
        expect(await entriesOf(transactionId)).toEqual([
          { account: 'processing_fees', cents: charged },
          { account: 'tenant_card', cents: -charged },
        ]);
      }
      const { transactionId } = await record(payment({ occurredAt: new Date(at), chargedCents: feeCents + 1 }));
      expect(await entriesOf(transactionId)).toEqual([
        { account: 'landlord_payable', cents: 1 },
        { account: 'processing_fees', cents: feeCents },
        { account: 'tenant_card', cents: -(feeCents + 1) },
      ]);
    });

    it('refuses amounts that are not whole positive cents', async () => {
      await expect(record(payment({ chargedCents: 10.5 }))).rejects.toThrow(RangeError);
      await expect(record(payment({ chargedCents: 0 }))).rejects.toThrow(RangeError);
    });
  });

  describe('idempotency', () => {
    it('records a payment once however often it is submitted with the same key', async () => {
      const rent = payment();
      const first = await record(rent);
      const second = await record({ ...rent, occurredAt: new Date(rent.occurredAt), tenantUserId: rent.tenantUserId.toUpperCase() });
      expect(second).toEqual({ transactionId: first.transactionId, created: false });
      const [{ count }] = await testApp.dataSource.query(
        `SELECT count(*)::int AS count FROM payments.ledger_transactions WHERE idempotency_key = $1`,
        [rent.idempotencyKey],
      );
      expect(count).toBe(1);
    });

    it.each<[string, Partial<RentPayment>]>([
      ['amount', { chargedCents: 150_700 }],
      ['time', { occurredAt: new Date('2024-03-05T15:00:00.001Z') }],
      ['property', { propertyId: randomUUID() }],
      ['description', { description: 'Rent: April 2024' }],
      ['provider reference', { providerReference: 'pi_other' }],
    ])('refuses the same key with a different %s, and records nothing new', async (_field, change) => {
      const rent = payment();
      const first = await record(rent);
      const replay = record({ ...rent, ...change });
      await expect(replay).rejects.toThrow(IdempotencyKeyReused);
      await expect(replay).rejects.toThrow(/already used for a different payment/);
      expect(await entriesOf(first.transactionId)).toHaveLength(3);
    });

    it('judges a key recorded before input hashes existed by its stored fields', async () => {
      const rent = payment({ providerReference: 'pi_legacy' });
      await testApp.dataSource.transaction(async (manager) => {
        const [{ id }] = await manager.query(
          `INSERT INTO payments.ledger_transactions (idempotency_key, kind, occurred_at, tenant_user_id, landlord_user_id, property_id, description, provider, provider_reference)
           VALUES ($1, 'rent_payment', $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
          [rent.idempotencyKey, rent.occurredAt, rent.tenantUserId, rent.landlordUserId, rent.propertyId, rent.description, rent.provider, rent.providerReference],
        );
        await manager.query(
          `INSERT INTO payments.ledger_entries (transaction_id, account, amount_cents) VALUES ($1, 'tenant_card', $2), ($1, 'landlord_payable', $3), ($1, 'processing_fees', 699)`,
          [id, -rent.chargedCents, rent.chargedCents - 699],
        );
      });
      await expect(record(rent)).resolves.toMatchObject({ created: false });
      await expect(record({ ...rent, chargedCents: 1 })).rejects.toThrow(IdempotencyKeyReused);
    });
  });

  describe('what the database refuses', () => {
    it('refuses to change or delete what was recorded, even to the tables\' owner', async () => {
      const { transactionId } = await record(payment());
      await expect(
        owner.query(`UPDATE payments.ledger_entries SET amount_cents = 1 WHERE transaction_id = $1`, [transactionId]),
      ).rejects.toThrow(/append-only/);
      await expect(owner.query(`DELETE FROM payments.ledger_transactions WHERE id = $1`, [transactionId])).rejects.toThrow(
        /append-only/,
      );
    });

    it('refuses a transaction whose entries do not balance', async () => {
      await expect(post('rent_payment', [['tenant_card', -500]])).rejects.toThrow(/does not balance/);
    });

    it('refuses a transaction with no entries at commit', async () => {
      await expect(post('rent_payment', [])).rejects.toThrow(/has no entries/);
    });

    it.each<[string, [string, number][]]>([
      ['a card credited', [['tenant_card', 500], ['landlord_payable', -500]]],
      ['a landlord debited', [['tenant_card', -500], ['landlord_payable', 600], ['processing_fees', -100]]],
    ])('refuses a rent payment with %s', async (_case, entries) => {
      await expect(post('rent_payment', entries)).rejects.toThrow(/wrong sign for a rent_payment/);
    });

    it('takes a refund the other way round, and a correction either way, each naming what it undoes', async () => {
      const { transactionId } = await record(payment({ chargedCents: 10_699 }));
      await expect(post('refund', [['tenant_card', 10_699], ['landlord_payable', -10_000], ['processing_fees', -699]], transactionId)).resolves.toBeTruthy();
      await expect(post('refund', [['tenant_card', -100], ['landlord_payable', 100]], transactionId)).rejects.toThrow(/wrong sign for a refund/);
      await expect(post('correction', [['landlord_payable', -50], ['processing_fees', 50]], transactionId)).resolves.toBeTruthy();
      await expect(post('correction', [['landlord_payable', 50], ['processing_fees', -50]], transactionId)).resolves.toBeTruthy();
      await expect(post('correction', [['landlord_payable', 50], ['processing_fees', -50]])).rejects.toThrow(/corrects_check/);
    });
  });

  describe('the application\'s role', () => {
    /** Runs `sql` as the group role the application's login role belongs to. */
    const asAppRole = async (sql: string, params: unknown[] = []) => {
      await owner.query('BEGIN');
      try {
        await owner.query(`SET LOCAL ROLE ${APP_ROLE}`);
        return await owner.query(sql, params);
      } finally {
        await owner.query('ROLLBACK');
      }
    };

    it('may read and append to the ledger, and nothing else', async () => {
      const { transactionId } = await record(payment());
      await expect(asAppRole(`SELECT count(*) FROM payments.ledger_entries WHERE transaction_id = $1`, [transactionId])).resolves.toBeTruthy();
      for (const sql of [
        `ALTER TABLE payments.ledger_entries DISABLE TRIGGER ALL`,
        `ALTER TABLE payments.ledger_transactions DISABLE TRIGGER ledger_transactions_append_only`,
        `UPDATE payments.ledger_entries SET amount_cents = 1 WHERE transaction_id = '${transactionId}'`,
        `DELETE FROM payments.ledger_entries WHERE transaction_id = '${transactionId}'`,
        `DELETE FROM payments.ledger_transactions WHERE id = '${transactionId}'`,
        `TRUNCATE payments.ledger_entries`,
        `CREATE TRIGGER sneaky BEFORE INSERT ON payments.ledger_entries FOR EACH ROW EXECUTE FUNCTION payments.check_ledger_entry_sign()`,
      ]) {
        await expect(asAppRole(sql)).rejects.toThrow(/permission denied|must be owner/);
      }
    });

    const separateRoles =
      new URL(process.env.DATABASE_URL!).username !== new URL(process.env.DATABASE_MIGRATION_URL ?? process.env.DATABASE_URL!).username;
    // Runs where the stack gives the app its own role (scripts/stack.sh, docker-compose.yml).
    (separateRoles ? it : it.skip)('is what the application connects as: no superuser, owner of no ledger table', async () => {
      const [role] = await testApp.dataSource.query(
        `SELECT rolsuper, pg_has_role(current_user, $1, 'MEMBER') AS member FROM pg_roles WHERE rolname = current_user`,
        [APP_ROLE],
      );
      expect(role).toEqual({ rolsuper: false, member: true });
      const owned = await testApp.dataSource.query(
        `SELECT tablename FROM pg_tables WHERE schemaname = 'payments' AND pg_has_role(current_user, tableowner, 'USAGE')`,
      );
      expect(owned).toEqual([]);
      await expect(testApp.dataSource.query(`ALTER TABLE payments.ledger_entries DISABLE TRIGGER ALL`)).rejects.toThrow(
        /must be owner/,
      );
    });
  });

  describe('PaymentRecorded', () => {
    // Only this spec's route: other modules register their own for the same event.
    const outboxRowsFor = (transactionId: string) =>
      testApp.dataSource.query(
        `SELECT queue, job_name, payload FROM infra.outbox WHERE payload->>'transactionId' = $1 AND job_name = 'LedgerSpecProbe'`,
        [transactionId],
      );

    beforeAll(() => {
      // As a consuming module would with OutboxModule.forFeature; the mail worker skips the unknown job name.
      testApp.app.get(OutboxRoutes).add({ event: PaymentRecorded, queue: MAIL_QUEUE, jobName: 'LedgerSpecProbe' });
    });

    it('goes through the outbox with the journal, in the chain of the request that caused it', async () => {
      const rent = payment({ occurredAt: new Date('2024-03-05T15:00:00.123Z') });
      const { transactionId } = await record(rent, { id: 'request-1', correlationId: 'request-1' });
      const [journal] = await testApp.dataSource.query(
        `SELECT correlation_id, causation_id FROM payments.ledger_transactions WHERE id = $1`,
        [transactionId],
      );
      expect(journal.correlation_id).toBe('request-1');
      const rows = await outboxRowsFor(transactionId);
      expect(rows).toEqual([{ queue: MAIL_QUEUE, job_name: 'LedgerSpecProbe', payload: expect.any(Object) }]);
      const { envelope, ...event } = rows[0].payload;
      expect(envelope).toEqual({
        id: expect.any(String),
        correlationId: 'request-1',
        causationId: journal.causation_id,
        occurredAt: '2024-03-05T15:00:00.123Z',
      });
      expect(envelope.id).not.toBe(journal.causation_id);
      expect(event).toEqual({
        transactionId,
        propertyId: rent.propertyId,
        tenantUserId: rent.tenantUserId,
        landlordUserId: rent.landlordUserId,
        chargedCents: rent.chargedCents,
        landlordReceivesCents: rent.chargedCents - 699,
        paidAt: '2024-03-05T15:00:00.123Z',
      });
    });

    it('is written once: a replayed key announces nothing again', async () => {
      const rent = payment();
      const { transactionId } = await record(rent);
      await record(rent);
      expect(await outboxRowsFor(transactionId)).toHaveLength(1);
    });

    it('starts a chain of its own when nothing caused it', async () => {
      const { transactionId } = await record(payment());
      const [journal] = await testApp.dataSource.query(
        `SELECT correlation_id, causation_id FROM payments.ledger_transactions WHERE id = $1`,
        [transactionId],
      );
      expect(journal.correlation_id).toBe(journal.causation_id);
    });
  });
});
