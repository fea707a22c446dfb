import { ConflictException, Logger, NotFoundException, ServiceUnavailableException, UnprocessableEntityException } from '@nestjs/common';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { Clock } from '../../../infrastructure/clock/clock';
import { lockUntilCommit } from '../../../infrastructure/database/transaction-lock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { PaymentGatewayError } from '../../../infrastructure/providers/provider-errors';
import { GetUser } from '../../accounts/contracts/get-user.query';
import { AuthorizeNetMerchants } from '../gateways/authorize-net-gateway.port';
import { AuthorizeNetAccounts } from './authorize-net-accounts';
import { SaveAuthorizeNetAccount } from './save-authorize-net-account.command';

@CommandHandler(SaveAuthorizeNetAccount)
export class SaveAuthorizeNetAccountHandler implements ICommandHandler<SaveAuthorizeNetAccount> {
  private readonly logger = new Logger(SaveAuthorizeNetAccountHandler.name);

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly queries: QueryBus,
    private readonly merchants: AuthorizeNetMerchants,
    private readonly accounts: AuthorizeNetAccounts,
    private readonly clock: Clock,
  ) {}

  async execute({ landlordUserId, keys, savedByUserId }: SaveAuthorizeNetAccount): Promise<void> {
    const landlord = await this.queries.execute(new GetUser(landlordUserId));
    if (!landlord || landlord.type !== 'landlord') throw new NotFoundException(MESSAGES.notFound);
    await this.checkWithAuthorizeNet(landlordUserId, keys);
    const environment = this.accounts.environment;
    const { transactionKeySealed, signatureKeySealed } = this.accounts.seal(landlordUserId, keys);
    await this.unitOfWork.run(async (manager) => {
      // One merchant account per landlord and environment: the lock makes the check and the write one step.
      await lockUntilCommit(manager, `authorize-net-account:${environment}/${keys.apiLoginId}`);
      const [taken] = await manager.query<unknown[]>(
        `SELECT 1 FROM payments.authorize_net_accounts WHERE environment = $1 AND api_login_id = $2 AND landlord_user_id <> $3`,
        [environment, keys.apiLoginId, landlordUserId],
      );
      if (taken) throw new ConflictException(MESSAGES.authorizeNetKeysInUse);
      const now = this.clock.now();
      // Replacing keys keeps the webhook URL (its id), so the landlord's Authorize.Net settings stay right.
      await manager.query(
        `INSERT INTO payments.authorize_net_accounts
           (landlord_user_id, environment, api_login_id, public_client_key, transaction_key_sealed, signature_key_sealed, saved_by, saved_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (landlord_user_id) DO UPDATE
           SET environment = EXCLUDED.environment, api_login_id = EXCLUDED.api_login_id, public_client_key = EXCLUDED.public_client_key,
               transaction_key_sealed = EXCLUDED.transaction_key_sealed, signature_key_sealed = EXCLUDED.signature_key_sealed,
               saved_by = EXCLUDED.saved_by, saved_at = EXCLUDED.saved_at`,
        [landlordUserId, environment, keys.apiLoginId, keys.publicClientKey, transactionKeySealed, signatureKeySealed, savedByUserId, now],
      );
      await manager.query(
        `INSERT INTO payments.authorize_net_account_changes (landlord_user_id, environment, api_login_id, saved_by, saved_at) VALUES ($1, $2, $3, $4, $5)`,
        [landlordUserId, environment, keys.apiLoginId, savedByUserId, now],
      );
    });
    // The keys themselves never reach a log line.
    this.logger.log({ landlordUserId, apiLoginId: keys.apiLoginId, environment, savedByUserId }, 'Authorize.Net account saved');
  }

  private async checkWithAuthorizeNet(landlordUserId: string, keys: SaveAuthorizeNetAccount['keys']): Promise<void> {
    let accepted: boolean;
    try {
      accepted = await this.merchants.authenticate(keys);
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) throw error;
      this.logger.warn({ landlordUserId, reason: error.message }, 'Could not check Authorize.Net keys');
      throw new ServiceUnavailableException(MESSAGES.noGatewayResponse);
    }
    if (!accepted) throw new UnprocessableEntityException(MESSAGES.authorizeNetKeysRefused);
  }
}
