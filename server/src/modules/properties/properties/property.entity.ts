import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ schema: 'properties', name: 'properties' })
export class Property {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** An Accounts user id (plain column: modules never join across schemas). */
  @Column({ name: 'landlord_user_id', type: 'uuid' })
  landlordUserId!: string;

  /** The parts below composed into one line: 'line1, line2, city, ST 12345'. */
  @Column()
  address!: string;

  @Column()
  line1!: string;

  @Column({ type: 'text', nullable: true })
  line2!: string | null;

  @Column()
  city!: string;

  @Column({ type: 'char', length: 2 })
  state!: string;

  @Column({ type: 'char', length: 5 })
  zip!: string;

  @Column({ name: 'rent_cents', type: 'integer' })
  rentCents!: number;

  /** The day of the month rent falls due, 1st to 10th (decision 0039). */
  @Column({ name: 'rent_due_day', type: 'smallint' })
  rentDueDay!: number;

  /** The late fee rule (decision 0040): off while no amount is set. */
  @Column({ name: 'late_fee_grace_days', type: 'smallint' })
  lateFeeGraceDays!: number;

  @Column({ name: 'late_fee_flat_cents', type: 'integer' })
  lateFeeFlatCents!: number;

  @Column({ name: 'late_fee_percent_basis_points', type: 'integer' })
  lateFeePercentBasisPoints!: number;

  @Column({ name: 'late_fee_daily_cents', type: 'integer' })
  lateFeeDailyCents!: number;

  @Column({ name: 'late_fee_monthly_cap_cents', type: 'integer', nullable: true })
  lateFeeMonthlyCapCents!: number | null;

  /** When late fees were last turned on; months that became late before are never charged a fee. */
  @Column({ name: 'late_fees_since', type: 'timestamptz', nullable: true })
  lateFeesSince!: Date | null;

  /** Set when the landlord removes the property; the row stays so history can refer to it. */
  @Column({ name: 'archived_at', type: 'timestamptz', nullable: true })
  archivedAt!: Date | null;

  // Written from the injected Clock, not the database's now(), so tests can pin them.
  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
