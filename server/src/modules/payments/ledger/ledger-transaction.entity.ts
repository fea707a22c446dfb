import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * rent_payment; refund; correction (e.g. a refund that failed); dispute, dispute_won, dispute_lost
 * (decision 0021); bank_debit_settled, bank_debit_failed: a bank debit's answer (decision 0037);
 * rent_charge, rent_credit, late_fee, late_fee_waiver: what the tenant owes (decision 0039);
 * recorded_payment, recorded_payment_void: rent paid outside Rentwise, recorded by the landlord (decision 0043).
 */
export type LedgerTransactionKind =
  | 'rent_payment'
  | 'refund'
  | 'correction'
  | 'dispute'
  | 'dispute_won'
  | 'dispute_lost'
  | 'bank_debit_settled'
  | 'bank_debit_failed'
  | 'rent_charge'
  | 'rent_credit'
  | 'late_fee'
  | 'late_fee_waiver'
  | 'recorded_payment'
  | 'recorded_payment_void';

/** One money movement. Immutable: the database refuses updates and deletes. */
@Entity({ schema: 'payments', name: 'ledger_transactions' })
export class LedgerTransaction {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** The caller's key for this movement: recording it twice records it once. */
  @Column({ name: 'idempotency_key' })
  idempotencyKey!: string;

  /** Hash of the input first recorded under the key (rentPaymentInputHash); null on rows older than the rule. */
  @Column({ name: 'input_hash', type: 'text', nullable: true })
  inputHash!: string | null;

  @Column({ type: 'text' })
  kind!: LedgerTransactionKind;

  /** When the money moved; statements and fee eras go by this, not by when we wrote it down. */
  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;

  @Column({ name: 'recorded_at', type: 'timestamptz' })
  recordedAt!: Date;

  @Column({ name: 'tenant_user_id', type: 'uuid' })
  tenantUserId!: string;

  @Column({ name: 'landlord_user_id', type: 'uuid' })
  landlordUserId!: string;

  @Column({ name: 'property_id', type: 'uuid' })
  propertyId!: string;

  @Column()
  description!: string;

  @Column()
  provider!: string;

  @Column({ name: 'provider_reference', type: 'text', nullable: true })
  providerReference!: string | null;

  /** The message chain that wrote it (decision 0013): follows a payment from request to email. */
  @Column({ name: 'correlation_id', type: 'text', nullable: true })
  correlationId!: string | null;

  /** The id of the command that wrote it. */
  @Column({ name: 'causation_id', type: 'text', nullable: true })
  causationId!: string | null;

  @Column({ name: 'corrects_transaction_id', type: 'uuid', nullable: true })
  correctsTransactionId!: string | null;
}
