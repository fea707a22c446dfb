import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type TenancyEndReason = 'moved' | 'removed';

/**
 * A tenant living in a property from `startedAt` until `endedAt`. Moving ends one tenancy and
 * starts another; removing ends it. User and property ids belong to other modules: plain columns.
 */
@Entity({ schema: 'tenants', name: 'tenancies' })
export class Tenancy {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'tenant_user_id', type: 'uuid' })
  tenantUserId!: string;

  @Column({ name: 'property_id', type: 'uuid' })
  propertyId!: string;

  @Column({ name: 'landlord_user_id', type: 'uuid' })
  landlordUserId!: string;

  @Column({ name: 'started_at', type: 'timestamptz' })
  startedAt!: Date;

  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt!: Date | null;

  @Column({
    name: 'end_reason',
    type: 'enum',
    enum: ['moved', 'removed'],
    enumName: 'tenancy_end_reason',
    nullable: true,
  })
  endReason!: TenancyEndReason | null;
}
