import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What each bank deposit to a landlord is made of: the provider's payout (dates, amount, status) and
 * its lines, one per balance transaction it pays out (payments, refunds, disputes, fees), each linked
 * to the card payment it is about when there is one. Written from the provider's events and re-reads;
 * not money itself (the ledger is), so ordinary UPDATEs keep a payout's status current.
 */
export class Payouts1733410000000 implements MigrationInterface {
  name = 'Payouts1733410000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE payments.payouts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        provider text NOT NULL,
        connected_account_id text NOT NULL,
        payout_id text NOT NULL,
        landlord_user_id uuid NOT NULL,
        amount_cents bigint NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'in_transit', 'paid', 'failed', 'canceled')),
        initiated_at timestamptz NOT NULL,
        expected_arrival_at timestamptz NOT NULL,
        paid_at timestamptz,
        failure_message text,
        updated_at timestamptz NOT NULL,
        UNIQUE (connected_account_id, payout_id)
      )`);
    await queryRunner.query(`CREATE INDEX payouts_landlord_idx ON payments.payouts (landlord_user_id, initiated_at DESC)`);
    await queryRunner.query(`
      CREATE TABLE payments.payout_lines (
        id bigserial PRIMARY KEY,
        payout_row_id uuid NOT NULL REFERENCES payments.payouts(id),
        balance_transaction_id text NOT NULL,
        kind text NOT NULL,
        amount_cents bigint NOT NULL,
        fee_cents bigint NOT NULL,
        net_cents bigint NOT NULL,
        occurred_at timestamptz NOT NULL,
        card_payment_id uuid REFERENCES payments.card_payments(id),
        UNIQUE (payout_row_id, balance_transaction_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE payments.payout_lines`);
    await queryRunner.query(`DROP TABLE payments.payouts`);
  }
}
