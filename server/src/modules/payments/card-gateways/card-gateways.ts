import { Injectable } from '@nestjs/common';
import type { CardGatewayKind } from '@rentwise/libs/schemas/authorize-net-payment.schema';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';

/** Asked before every card payment and by the payment screen (primary key). */
const LANDLORD_GATEWAY = preparedStatement<{ gateway: CardGatewayKind }, [landlordUserId: string]>(
  'payments.landlord-card-gateway',
  `SELECT gateway FROM payments.landlord_card_gateways WHERE landlord_user_id = $1`,
);

/** Reads a landlord's card gateway setting (Stripe when none was set). */
@Injectable()
export class CardGateways {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async of(landlordUserId: string): Promise<CardGatewayKind> {
    const [row] = await this.unitOfWork.query(LANDLORD_GATEWAY, [landlordUserId]);
    return row?.gateway ?? 'stripe';
  }
}
