import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { SecretBox } from '../../../infrastructure/security/secret-box';
import { type StoredAuthorizeNetAccount, sealingContext } from './authorize-net-accounts';
import { ResealAuthorizeNetKeys } from '../contracts/reseal-authorize-net-keys.command';

@CommandHandler(ResealAuthorizeNetKeys)
export class ResealAuthorizeNetKeysHandler implements ICommandHandler<ResealAuthorizeNetKeys> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly secrets: SecretBox,
  ) {}

  async execute(): Promise<{ resealed: number; accounts: number }> {
    return this.unitOfWork.run(async (manager) => {
      // Row locks: a landlord replacing their keys meanwhile waits, and is not overwritten with the old ones.
      const rows = await manager.query<StoredAuthorizeNetAccount[]>(
        `SELECT landlord_user_id, transaction_key_sealed, signature_key_sealed FROM payments.authorize_net_accounts FOR UPDATE`,
      );
      let resealed = 0;
      for (const row of rows) {
        if (!this.secrets.isStale(row.transaction_key_sealed) && !this.secrets.isStale(row.signature_key_sealed)) continue;
        const reseal = (sealed: string, key: 'transaction-key' | 'signature-key'): string => {
          const context = sealingContext(row.landlord_user_id, key);
          return this.secrets.seal(this.secrets.open(sealed, context), context);
        };
        await manager.query(
          `UPDATE payments.authorize_net_accounts SET transaction_key_sealed = $2, signature_key_sealed = $3 WHERE landlord_user_id = $1`,
          [row.landlord_user_id, reseal(row.transaction_key_sealed, 'transaction-key'), reseal(row.signature_key_sealed, 'signature-key')],
        );
        resealed += 1;
      }
      return { resealed, accounts: rows.length };
    });
  }
}
