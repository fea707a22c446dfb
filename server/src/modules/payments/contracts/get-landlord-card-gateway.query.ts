import { Query } from '@nestjs/cqrs';
import type { CardGatewayKind } from '@rentwise/libs/schemas/authorize-net-payment.schema';

export interface CardGatewayChangeView {
  fromGateway: CardGatewayKind;
  toGateway: CardGatewayKind;
  /** ISO time. */
  changedAt: string;
  changedByUserId: string;
  /** The operator's name, when the account still exists. */
  changedByName: string | null;
}

/** The operator's view of a landlord's card gateway: the setting, whether Authorize.Net can be chosen, the trail (newest first). */
export interface LandlordCardGatewayView {
  gateway: CardGatewayKind;
  authorizeNetAvailable: boolean;
  changes: CardGatewayChangeView[];
}

export class GetLandlordCardGateway extends Query<LandlordCardGatewayView> {
  constructor(readonly landlordUserId: string) {
    super();
  }
}
