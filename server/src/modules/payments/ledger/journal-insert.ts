import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import type { LedgerTransaction } from './ledger-transaction.entity';
import type { PostingEntry } from './provider-postings';

type JournalRow = Omit<LedgerTransaction, 'id'>;

/**
 * The journal and its entries in one statement, one round trip (a payment posts under load, and each
 * round trip costs both processes a wake-up). A taken key writes nothing and returns no row; the
 * balance trigger still checks the entries at commit.
 */
const INSERT_JOURNAL = preparedStatement<
  { id: string },
  [
    idempotencyKey: string,
    inputHash: string | null,
    kind: string,
    occurredAt: Date,
    recordedAt: Date,
    tenantUserId: string,
    landlordUserId: string,
    propertyId: string,
    description: string,
    provider: string,
    providerReference: string | null,
    correlationId: string | null,
    causationId: string | null,
    correctsTransactionId: string | null,
    accounts: string[],
    amountsCents: number[],
  ]
>(
  'payments.insert-journal',
  `WITH journal AS (
     INSERT INTO payments.ledger_transactions (idempotency_key, input_hash, kind, occurred_at, recorded_at, tenant_user_id, landlord_user_id,
                                               property_id, description, provider, provider_reference, correlation_id, causation_id,
                                               corrects_transaction_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     ON CONFLICT DO NOTHING
     RETURNING id
   ), entries AS (
     INSERT INTO payments.ledger_entries (transaction_id, account, amount_cents)
     SELECT journal.id, entry.account, entry.amount_cents FROM journal, unnest($15::text[], $16::bigint[]) AS entry(account, amount_cents)
   )
   SELECT id FROM journal`,
);

/** Writes a journal with its entries in the running unit of work; null when its idempotency key is taken. */
export async function insertJournal(unitOfWork: UnitOfWork, journal: JournalRow, entries: readonly PostingEntry[]): Promise<string | null> {
  const [row] = await unitOfWork.query(INSERT_JOURNAL, [
    journal.idempotencyKey,
    journal.inputHash,
    journal.kind,
    journal.occurredAt,
    journal.recordedAt,
    journal.tenantUserId,
    journal.landlordUserId,
    journal.propertyId,
    journal.description,
    journal.provider,
    journal.providerReference,
    journal.correlationId,
    journal.causationId,
    journal.correctsTransactionId,
    entries.map((entry) => entry.account),
    entries.map((entry) => entry.amountCents),
  ]);
  return row?.id ?? null;
}
