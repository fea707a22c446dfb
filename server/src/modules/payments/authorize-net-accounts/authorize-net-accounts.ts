import { Injectable } from '@nestjs/common';
import type { AuthorizeNetEnvironment } from '@rentwise/libs/schemas/authorize-net-account.schema';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { SecretBox } from '../../../infrastructure/security/secret-box';
import { AuthorizeNetCredentials, AuthorizeNetGateway, AuthorizeNetMerchants, apiLoginIdOf } from '../gateways/authorize-net-gateway.port';

/** A landlord's Authorize.Net account as stored: the transaction and signature keys sealed. */
export interface StoredAuthorizeNetAccount {
  landlord_user_id: string;
  environment: AuthorizeNetEnvironment;
  api_login_id: string;
  public_client_key: string;
  transaction_key_sealed: string;
  signature_key_sealed: string;
  webhook_id: string;
  saved_by: string;
  saved_at: Date;
}

const COLUMNS = `landlord_user_id, environment, api_login_id, public_client_key, transaction_key_sealed, signature_key_sealed, webhook_id, saved_by, saved_at`;

/** Asked before every Authorize.Net payment and by the payment screen (primary key). */
const ACCOUNT_OF_LANDLORD = preparedStatement<StoredAuthorizeNetAccount, [landlordUserId: string, environment: string]>(
  'payments.authorize-net-account-of-landlord',
  `SELECT ${COLUMNS} FROM payments.authorize_net_accounts WHERE landlord_user_id = $1 AND environment = $2`,
);

/** What a sealed key is for and whose: a sealed value copied to another row or column does not open. */
export const sealingContext = (landlordUserId: string, key: 'transaction-key' | 'signature-key'): string =>
  `authorize-net/${landlordUserId}/${key}`;

/**
 * Landlords' own Authorize.Net merchant accounts (decision 0046): which landlord's keys work with a
 * charge, a refund or a webhook, opened from their sealed form only for the call that needs them.
 * Only accounts of this installation's environment count: sandbox keys never meet production.
 */
@Injectable()
export class AuthorizeNetAccounts {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly merchants: AuthorizeNetMerchants,
    private readonly secrets: SecretBox,
    private readonly config: AppConfig,
  ) {}

  get environment(): AuthorizeNetEnvironment {
    return this.config.authorizeNetEnvironment;
  }

  async storedOf(landlordUserId: string): Promise<StoredAuthorizeNetAccount | null> {
    const [row] = await this.unitOfWork.query(ACCOUNT_OF_LANDLORD, [landlordUserId, this.environment]);
    return row ?? null;
  }

  /** The landlord's merchant account's gateway, or null when they have not connected one. */
  async gatewayOf(landlordUserId: string): Promise<AuthorizeNetGateway | null> {
    const row = await this.storedOf(landlordUserId);
    return row ? this.gatewayWith(row) : null;
  }

  /** The gateway of a merchant account by its ledger reference (`anet:<login id>`), or null when no landlord has it. */
  async gatewayOfMerchant(merchantAccount: string): Promise<AuthorizeNetGateway | null> {
    const apiLoginId = apiLoginIdOf(merchantAccount);
    if (apiLoginId === null) return null;
    // By the login id itself, so the (environment, api_login_id) unique index answers.
    const [row] = await this.unitOfWork.manager.query<StoredAuthorizeNetAccount[]>(
      `SELECT ${COLUMNS} FROM payments.authorize_net_accounts WHERE environment = $1 AND api_login_id = $2`,
      [this.environment, apiLoginId],
    );
    return row ? this.gatewayWith(row) : null;
  }

  /** The gateway whose webhook URL names this id, or null. */
  async gatewayOfWebhook(webhookId: string): Promise<AuthorizeNetGateway | null> {
    const [row] = await this.unitOfWork.manager.query<StoredAuthorizeNetAccount[]>(
      `SELECT ${COLUMNS} FROM payments.authorize_net_accounts WHERE environment = $1 AND webhook_id = $2`,
      [this.environment, webhookId],
    );
    return row ? this.gatewayWith(row) : null;
  }

  /** Every connected account of this environment, with its gateway (the daily batch job). */
  async all(): Promise<{ landlordUserId: string; gateway: AuthorizeNetGateway }[]> {
    const rows = await this.unitOfWork.manager.query<StoredAuthorizeNetAccount[]>(
      `SELECT ${COLUMNS} FROM payments.authorize_net_accounts WHERE environment = $1 ORDER BY landlord_user_id`,
      [this.environment],
    );
    return rows.map((row) => ({ landlordUserId: row.landlord_user_id, gateway: this.gatewayWith(row) }));
  }

  /** The sealed form of a landlord's secret keys, as stored. */
  seal(landlordUserId: string, credentials: AuthorizeNetCredentials): { transactionKeySealed: string; signatureKeySealed: string } {
    return {
      transactionKeySealed: this.secrets.seal(credentials.transactionKey, sealingContext(landlordUserId, 'transaction-key')),
      signatureKeySealed: this.secrets.seal(credentials.signatureKey, sealingContext(landlordUserId, 'signature-key')),
    };
  }


  private gatewayWith(row: StoredAuthorizeNetAccount): AuthorizeNetGateway {
    return this.merchants.gatewayFor({
      apiLoginId: row.api_login_id,
      publicClientKey: row.public_client_key,
      transactionKey: this.secrets.open(row.transaction_key_sealed, sealingContext(row.landlord_user_id, 'transaction-key')),
      signatureKey: this.secrets.open(row.signature_key_sealed, sealingContext(row.landlord_user_id, 'signature-key')),
    });
  }
}
