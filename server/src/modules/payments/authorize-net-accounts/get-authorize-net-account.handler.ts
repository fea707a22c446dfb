import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { GetUser } from '../../accounts/contracts/get-user.query';
import { CardGateways } from '../card-gateways/card-gateways';
import { authorizeNetWebhookPath } from '../webhooks/authorize-net-webhook.controller';
import { AuthorizeNetAccounts } from './authorize-net-accounts';
import { AuthorizeNetAccountView, GetAuthorizeNetAccount } from './get-authorize-net-account.query';

@QueryHandler(GetAuthorizeNetAccount)
export class GetAuthorizeNetAccountHandler implements IQueryHandler<GetAuthorizeNetAccount> {
  constructor(
    private readonly accounts: AuthorizeNetAccounts,
    private readonly gateways: CardGateways,
    private readonly queries: QueryBus,
    private readonly config: AppConfig,
  ) {}

  async execute({ landlordUserId }: GetAuthorizeNetAccount): Promise<AuthorizeNetAccountView> {
    const [row, cardGateway] = await Promise.all([this.accounts.storedOf(landlordUserId), this.gateways.of(landlordUserId)]);
    const savedBy = row ? await this.queries.execute(new GetUser(row.saved_by)) : null;
    return {
      environment: this.accounts.environment,
      cardGateway,
      account: row && {
        apiLoginId: row.api_login_id,
        publicClientKey: row.public_client_key,
        webhookUrl: new URL(authorizeNetWebhookPath(row.webhook_id), this.config.env.PUBLIC_URL).toString(),
        savedAt: row.saved_at.toISOString(),
        savedByName: savedBy ? `${savedBy.firstName} ${savedBy.lastName}` : null,
      },
    };
  }
}
