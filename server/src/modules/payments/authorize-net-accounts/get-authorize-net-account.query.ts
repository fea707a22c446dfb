import { Query } from '@nestjs/cqrs';
import type { AuthorizeNetEnvironment } from '@rentwise/libs/schemas/authorize-net-account.schema';
import type { CardGatewayKind } from '@rentwise/libs/schemas/authorize-net-payment.schema';

export interface AuthorizeNetAccountView {
  environment: AuthorizeNetEnvironment;
  cardGateway: CardGatewayKind;
  /** Never the transaction or signature key: only what Accept.js shows any browser, and where webhooks go. */
  account: {
    apiLoginId: string;
    publicClientKey: string;
    webhookUrl: string;
    savedAt: string;
    savedByName: string | null;
  } | null;
}

/** A landlord's Authorize.Net account as they (or an operator) see it. */
export class GetAuthorizeNetAccount extends Query<AuthorizeNetAccountView> {
  constructor(readonly landlordUserId: string) {
    super();
  }
}
