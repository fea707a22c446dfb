import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One rent a property asked, from a moment on. Rows are only ever added. */
@Entity({ schema: 'properties', name: 'rent_history' })
export class RentHistoryEntry {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'property_id', type: 'uuid' })
  propertyId!: string;

  @Column({ name: 'rent_cents', type: 'integer' })
  rentCents!: number;

  @Column({ name: 'effective_from', type: 'timestamptz' })
  effectiveFrom!: Date;
}
