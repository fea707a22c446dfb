import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The network address each card attempt came from, so declined cards can be limited per address as
 * well as per tenant (issue 32), in the database every API process shares and a restart keeps. Null
 * on attempts made before. Declines are few, so the indexes that count them are partial: by address
 * for the limit, by time for the operator's Declined cards page. (By tenant, card_payments_tenant_idx
 * already serves.)
 */
export class CardPaymentAddresses1735100000000 implements MigrationInterface {
  name = 'CardPaymentAddresses1735100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE payments.card_payments ADD COLUMN client_address text`);
    await queryRunner.query(
      `CREATE INDEX card_payments_declined_address_idx ON payments.card_payments (client_address, created_at) WHERE status = 'declined'`,
    );
    await queryRunner.query(`CREATE INDEX card_payments_declined_idx ON payments.card_payments (created_at) WHERE status = 'declined'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX payments.card_payments_declined_idx`);
    await queryRunner.query(`DROP INDEX payments.card_payments_declined_address_idx`);
    await queryRunner.query(`ALTER TABLE payments.card_payments DROP COLUMN client_address`);
  }
}
