import { MigrationInterface, QueryRunner } from 'typeorm';

/** Photos are looked up by key when served; a key belongs to one person. */
export class AccountPhotos1732450000000 implements MigrationInterface {
  name = 'AccountPhotos1732450000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE UNIQUE INDEX users_photo_key ON accounts.users (photo_key) WHERE photo_key IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX accounts.users_photo_key`);
  }
}
