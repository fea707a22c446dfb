import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A tenant's card payment attempt, written with its idempotency key and input hash before the provider
 * is called, so a retried, doubled or crashed-and-retried request charges once. Not money itself:
 * the ledger records the money once the provider has charged; this row links the two and keeps the
 * provider's ids (each with its connected account) and the processor's fee.
 */
export class CardPayments1733010000000 implements MigrationInterface {
  name = 'CardPayments1733010000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE payments.card_payments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        idempotency_key text NOT NULL UNIQUE,
        input_hash text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'declined')),
        tenant_user_id uuid NOT NULL,
        landlord_user_id uuid NOT NULL,
        property_id uuid NOT NULL,
        amount_cents bigint NOT NULL CHECK (amount_cents > 0),
        processing_fee_cents bigint NOT NULL CHECK (processing_fee_cents >= 0),
        charged_cents bigint NOT NULL CHECK (charged_cents = amount_cents + processing_fee_cents),
        application_fee_cents bigint NOT NULL CHECK (application_fee_cents >= 0 AND application_fee_cents < charged_cents),
        description text NOT NULL,
        provider text NOT NULL,
        connected_account_id text NOT NULL,
        payment_method_id text NOT NULL,
        payment_intent_id text,
        charge_id text,
        balance_transaction_id text,
        processor_fee_cents bigint,
        card_brand text,
        card_last4 text,
        failure_code text,
        failure_message text,
        charged_at timestamptz,
        ledger_transaction_id uuid UNIQUE REFERENCES payments.ledger_transactions(id),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CHECK ((status = 'succeeded') = (ledger_transaction_id IS NOT NULL))
      )`);
    await queryRunner.query(
      `CREATE INDEX card_payments_tenant_idx ON payments.card_payments (tenant_user_id, created_at)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE payments.card_payments`);
  }
}
