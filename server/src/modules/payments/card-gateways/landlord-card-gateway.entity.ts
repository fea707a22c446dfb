import type { CardGatewayKind } from '@rentwise/libs/schemas/authorize-net-payment.schema';
import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** Which card gateway a landlord's tenants pay on. No row: Stripe, the default. */
@Entity({ schema: 'payments', name: 'landlord_card_gateways' })
export class LandlordCardGateway {
  @PrimaryColumn({ name: 'landlord_user_id', type: 'uuid' })
  landlordUserId!: string;

  @Column({ type: 'text' })
  gateway!: CardGatewayKind;

  /** The operator who set it last. */
  @Column({ name: 'changed_by', type: 'uuid' })
  changedBy!: string;

  @Column({ name: 'changed_at', type: 'timestamptz' })
  changedAt!: Date;
}

/** One operator's change of a landlord's card gateway: who, when, from what, to what. Never updated. */
@Entity({ schema: 'payments', name: 'card_gateway_changes' })
export class CardGatewayChange {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'landlord_user_id', type: 'uuid' })
  landlordUserId!: string;

  @Column({ name: 'from_gateway', type: 'text' })
  fromGateway!: CardGatewayKind;

  @Column({ name: 'to_gateway', type: 'text' })
  toGateway!: CardGatewayKind;

  @Column({ name: 'changed_by', type: 'uuid' })
  changedBy!: string;

  @Column({ name: 'changed_at', type: 'timestamptz' })
  changedAt!: Date;
}
