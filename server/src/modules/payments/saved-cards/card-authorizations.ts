import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';

export interface AcceptedCardAuthorization {
  tenantUserId: string;
  landlordUserId: string;
  savedCardId: string;
  version: string;
  /** The authorization exactly as the tenant read it. */
  text: string;
  acceptedAt: Date;
  clientAddress: string;
  userAgent: string | null;
}

/**
 * The one owner of `payments.card_authorizations`: each standing authorization to charge a saved
 * card without the tenant (autopay, decision 0042), with its text, time, address and browser, the
 * proof a card network asks for in a dispute. Never changed; each change of autopay stores a new one.
 */
@Injectable()
export class CardAuthorizations {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async accept(authorization: AcceptedCardAuthorization): Promise<string> {
    const id = randomUUID();
    await this.unitOfWork.manager.query(
      `INSERT INTO payments.card_authorizations (id, tenant_user_id, landlord_user_id, saved_card_id, version, text, accepted_at, client_address, user_agent)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        id, authorization.tenantUserId, authorization.landlordUserId, authorization.savedCardId, authorization.version, authorization.text,
        authorization.acceptedAt, authorization.clientAddress, authorization.userAgent,
      ],
    );
    return id;
  }

  /** Where an authorization was given: an automatic payment under it names the same address. */
  async clientAddressOf(id: string): Promise<string | null> {
    const [row] = await this.unitOfWork.manager.query<{ client_address: string }[]>(`SELECT client_address FROM payments.card_authorizations WHERE id = $1`, [id]);
    return row?.client_address ?? null;
  }
}
