import type { PLATFORM_FEE_ACCOUNT } from '@rentwise/libs/fees';
import type { RECEIVED_BY_LANDLORD_ACCOUNT } from '@rentwise/libs/recorded-payments';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * tenant_card: money taken from the tenant's card (negative). landlord_payable: what the landlord
 * receives. PLATFORM_FEE_ACCOUNT (stored as 'processing_fees', a label older than the name): the
 * platform fee we keep. disputed: a payment's money held while the card
 * holder disputes it. dispute_fees: the provider's dispute fees, paid by the landlord's account.
 * bank_debit_clearing: a bank debit's money between the tenant's pay date and the bank's answer
 * (decision 0037; a bank debit's tenant side is tenant_card too, the payment account's older label).
 * tenant_receivable: what the tenant owes, charged against rent_charged or late_fees_charged (decision 0039).
 * RECEIVED_BY_LANDLORD_ACCOUNT: rent paid outside Rentwise (cash, a check, a money order), already in
 * the landlord's hands: never on a provider's balance, so never in a payout (decision 0043).
 * A transaction's entries sum to zero.
 */
export type LedgerAccount =
  | 'tenant_card'
  | 'landlord_payable'
  | typeof PLATFORM_FEE_ACCOUNT
  | 'disputed'
  | 'dispute_fees'
  | 'bank_debit_clearing'
  | 'tenant_receivable'
  | 'rent_charged'
  | 'late_fees_charged'
  | typeof RECEIVED_BY_LANDLORD_ACCOUNT;

@Entity({ schema: 'payments', name: 'ledger_entries' })
export class LedgerEntry {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'transaction_id', type: 'uuid' })
  transactionId!: string;

  @Column({ type: 'text' })
  account!: LedgerAccount;

  /** bigint in PostgreSQL; read back as a number (cents fit easily in a safe integer). */
  @Column({ name: 'amount_cents', type: 'bigint', transformer: { to: (v: number) => v, from: (v: string) => Number(v) } })
  amountCents!: number;
}
