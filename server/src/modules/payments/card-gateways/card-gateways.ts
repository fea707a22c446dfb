import { Injectable } from '@nestjs/common';
import type { CardGatewayKind } from '@rentwise/libs/schemas/direct-payment.schema';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { LandlordCardGateway } from './landlord-card-gateway.entity';

/** Reads a landlord's card gateway setting (Stripe when none was set). */
@Injectable()
export class CardGateways {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async of(landlordUserId: string): Promise<CardGatewayKind> {
    const row = await this.unitOfWork.repository(LandlordCardGateway).findOneBy({ landlordUserId });
    return row?.gateway ?? 'stripe';
  }
}
