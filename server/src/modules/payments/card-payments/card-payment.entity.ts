import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

const cents = { to: (value: number | null) => value, from: (value: string | null) => (value === null ? null : Number(value)) };

/**
 * pending: stored, the provider not yet answered; succeeded: paid (a bank debit: settled); declined:
 * refused at once, nothing posted; processing: a bank debit sent, its clearing journal posted;
 * failed: a bank debit the bank refused after it was sent, its failure journal posted (decision 0037).
 */
export type CardPaymentStatus = 'pending' | 'succeeded' | 'declined' | 'processing' | 'failed';

/** How the tenant paid. */
export type PaymentMethodKind = 'card' | 'bank_debit';

/**
 * A tenant's card payment attempt, stored with its key before the provider is called. Every provider
 * id is kept beside the connected account it lives on (direct charges live on the landlord's account).
 */
@Entity({ schema: 'payments', name: 'card_payments' })
export class CardPayment {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** The client's key for this attempt, also the provider's idempotency key. */
  @Column({ name: 'idempotency_key' })
  idempotencyKey!: string;

  /** sha256 of who pays what with which card: a key replayed with other input is refused. */
  @Column({ name: 'input_hash' })
  inputHash!: string;

  @Column({ type: 'text' })
  status!: CardPaymentStatus;

  /** Authorize.Net's invoice number of this attempt: how a retry finds its transaction. */
  @Column({ name: 'invoice_number', type: 'text', nullable: true })
  invoiceNumber!: string | null;

  @Column({ name: 'tenant_user_id', type: 'uuid' })
  tenantUserId!: string;

  @Column({ name: 'landlord_user_id', type: 'uuid' })
  landlordUserId!: string;

  @Column({ name: 'property_id', type: 'uuid' })
  propertyId!: string;

  /** What the tenant entered. */
  @Column({ name: 'amount_cents', type: 'bigint', transformer: cents })
  amountCents!: number;

  /** The tenant processing fee added to it. */
  @Column({ name: 'processing_fee_cents', type: 'bigint', transformer: cents })
  processingFeeCents!: number;

  /** What the card is charged: amount + processing fee. */
  @Column({ name: 'charged_cents', type: 'bigint', transformer: cents })
  chargedCents!: number;

  /** Our dated platform fee on the charge (Stripe's application fee on a direct charge). */
  @Column({ name: 'platform_fee_cents', type: 'bigint', transformer: cents })
  platformFeeCents!: number;

  @Column()
  description!: string;

  @Column()
  provider!: string;

  @Column({ name: 'connected_account_id' })
  connectedAccountId!: string;

  @Column({ name: 'payment_method_id' })
  paymentMethodId!: string;

  @Column({ name: 'payment_intent_id', type: 'text', nullable: true })
  paymentIntentId!: string | null;

  @Column({ name: 'charge_id', type: 'text', nullable: true })
  chargeId!: string | null;

  @Column({ name: 'balance_transaction_id', type: 'text', nullable: true })
  balanceTransactionId!: string | null;

  /** The processor's own fee, paid by the landlord's account (from the balance transaction's fee_details). */
  @Column({ name: 'processor_fee_cents', type: 'bigint', nullable: true, transformer: cents })
  processorFeeCents!: number | null;

  @Column({ name: 'card_brand', type: 'text', nullable: true })
  cardBrand!: string | null;

  @Column({ name: 'card_last4', type: 'text', nullable: true })
  cardLast4!: string | null;

  @Column({ type: 'text' })
  method!: PaymentMethodKind;

  @Column({ name: 'bank_name', type: 'text', nullable: true })
  bankName!: string | null;

  @Column({ name: 'bank_last4', type: 'text', nullable: true })
  bankLast4!: string | null;

  /** A bank debit's authorization (payments.bank_debit_mandates), stored before the bank was asked. */
  @Column({ name: 'mandate_id', type: 'uuid', nullable: true })
  mandateId!: string | null;

  /** When a bank debit settled (its settled journal's time). */
  @Column({ name: 'settled_at', type: 'timestamptz', nullable: true })
  settledAt!: Date | null;

  @Column({ name: 'failure_code', type: 'text', nullable: true })
  failureCode!: string | null;

  /** The provider's message for the card holder, answered again when the key is replayed. */
  @Column({ name: 'failure_message', type: 'text', nullable: true })
  failureMessage!: string | null;

  @Column({ name: 'charged_at', type: 'timestamptz', nullable: true })
  chargedAt!: Date | null;

  @Column({ name: 'ledger_transaction_id', type: 'uuid', nullable: true })
  ledgerTransactionId!: string | null;

  /** The network address the attempt came from (TRUST_PROXY decides which): declines are limited per address too. */
  @Column({ name: 'client_address', type: 'text', nullable: true })
  clientAddress!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
