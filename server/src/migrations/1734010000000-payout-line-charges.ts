import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A payout line keeps the provider's charge id instead of a link to the card payment taken when the
 * payout was recorded: a payout handled before its charge's event (out of order, or a confirm that
 * crashed before saving the charge id) left the link empty for good. The card payment is now found
 * when the line is read, by the connected account and the charge.
 */
export class PayoutLineCharges1734010000000 implements MigrationInterface {
  name = 'PayoutLineCharges1734010000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE payments.payout_lines ADD COLUMN charge_id text`);
    await queryRunner.query(
      `UPDATE payments.payout_lines l SET charge_id = c.charge_id FROM payments.card_payments c WHERE c.id = l.card_payment_id`,
    );
    await queryRunner.query(`ALTER TABLE payments.payout_lines DROP COLUMN card_payment_id`);
    await queryRunner.query(
      `CREATE INDEX card_payments_charge_idx ON payments.card_payments (connected_account_id, charge_id) WHERE charge_id IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX payments.card_payments_charge_idx`);
    await queryRunner.query(`ALTER TABLE payments.payout_lines ADD COLUMN card_payment_id uuid REFERENCES payments.card_payments(id)`);
    await queryRunner.query(
      `UPDATE payments.payout_lines l SET card_payment_id = c.id
         FROM payments.payouts p, payments.card_payments c
        WHERE p.id = l.payout_row_id AND c.connected_account_id = p.connected_account_id AND c.charge_id = l.charge_id`,
    );
    await queryRunner.query(`ALTER TABLE payments.payout_lines DROP COLUMN charge_id`);
  }
}
