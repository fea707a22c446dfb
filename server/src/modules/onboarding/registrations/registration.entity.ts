import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { PayoutStatus } from '@rentwise/libs/payout-status';

export type RegistrationStatus = 'pending' | 'approved' | 'rejected';

/**
 * A landlord's sign-up as submitted, the operator's review of it, and the payout account connected
 * in step 1. The contact details are the application as sent; Accounts owns the person.
 */
@Entity({ schema: 'onboarding', name: 'registrations' })
export class Registration {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'landlord_user_id', type: 'uuid' })
  landlordUserId!: string;

  @Column({ type: 'enum', enum: ['pending', 'approved', 'rejected'], enumName: 'registration_status' })
  status!: RegistrationStatus;

  @Column({ name: 'first_name' })
  firstName!: string;

  @Column({ name: 'last_name' })
  lastName!: string;

  @Column()
  email!: string;

  @Column()
  phone!: string;

  @Column({ name: 'submitted_at', type: 'timestamptz' })
  submittedAt!: Date;

  @Column({ name: 'reviewed_at', type: 'timestamptz', nullable: true })
  reviewedAt!: Date | null;

  /** The operator's user id. */
  @Column({ name: 'reviewed_by', type: 'uuid', nullable: true })
  reviewedBy!: string | null;

  @Column({ name: 'rejection_reason', type: 'text', nullable: true })
  rejectionReason!: string | null;

  /** The provider's connected account (`acct_...`), saved when step 1 starts or the OAuth code is exchanged. */
  @Column({ name: 'payout_account_id', type: 'text', nullable: true })
  payoutAccountId!: string | null;

  @Column({ name: 'payout_status', type: 'text', nullable: true })
  payoutStatus!: PayoutStatus | null;

  /** Whether the account takes charges, as the provider last said; null when not known. */
  @Column({ name: 'payout_charges_enabled', type: 'boolean', nullable: true })
  payoutChargesEnabled!: boolean | null;

  /** Whether the account takes bank (ACH) debits, as the provider last said; null when not known. */
  @Column({ name: 'payout_bank_debits_enabled', type: 'boolean', nullable: true })
  payoutBankDebitsEnabled!: boolean | null;

  /** When the landlord finished step 1 (the provider had their details). */
  @Column({ name: 'payout_connected_at', type: 'timestamptz', nullable: true })
  payoutConnectedAt!: Date | null;
}
