import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether the landlord's payout account can take charges, as the provider last said (the landlord's
 * return from onboarding, `account.updated`, or a payment that asked). Payments trust a yes instead
 * of asking the provider before each charge (decision 0026). Null is not known: payments ask. An
 * active account takes charges by definition (payout-status.ts), so those rows are known already.
 */
export class PayoutChargesEnabled1735000000000 implements MigrationInterface {
  name = 'PayoutChargesEnabled1735000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE onboarding.registrations ADD COLUMN payout_charges_enabled boolean`);
    await queryRunner.query(`UPDATE onboarding.registrations SET payout_charges_enabled = true WHERE payout_status = 'active'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE onboarding.registrations DROP COLUMN payout_charges_enabled`);
  }
}
