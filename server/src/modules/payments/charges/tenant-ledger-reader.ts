import { Injectable } from '@nestjs/common';
import type { JournalKind } from '@rentwise/libs/statements';
import { type TenantJournal, type TenantLedgerLine, tenantLedgerLines } from '@rentwise/libs/tenant-balance';
import { isoTimestamp } from '../../../infrastructure/database/iso-timestamp';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';

/**
 * Every journal of a tenant at a property with its receivable and payment sums and its attempt's
 * fee: index ledger_transactions_tenant_idx, then the entries by transaction (a tenant's few hundred).
 */
const TENANT_JOURNALS = preparedStatement<
  {
    id: string;
    kind: JournalKind;
    occurred_at: string;
    description: string;
    corrects_transaction_id: string | null;
    receivable_cents: string;
    paid_cents: string;
    tenant_fee_cents: string | null;
  },
  [tenantUserId: string, propertyId: string]
>(
  'payments.tenant-journals',
  `SELECT t.id, t.kind, ${isoTimestamp('t.occurred_at')} AS occurred_at, t.description, t.corrects_transaction_id,
          coalesce(e.receivable, 0) AS receivable_cents, coalesce(e.paid, 0) AS paid_cents, c.processing_fee_cents AS tenant_fee_cents
     FROM payments.ledger_transactions t
    CROSS JOIN LATERAL (
      SELECT sum(x.amount_cents) FILTER (WHERE x.account = 'tenant_receivable') AS receivable,
             -sum(x.amount_cents) FILTER (WHERE x.account = 'tenant_card') AS paid
        FROM payments.ledger_entries x WHERE x.transaction_id = t.id) e
     LEFT JOIN payments.card_payments c ON c.ledger_transaction_id = t.id
    WHERE t.tenant_user_id = $1 AND t.property_id = $2`,
);

/** A tenant's ledger at a property (decision 0039): the journals that move what they owe, oldest first, with the balance after each. */
@Injectable()
export class TenantLedgerReader {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async journals(tenantUserId: string, propertyId: string): Promise<TenantJournal[]> {
    const rows = await this.unitOfWork.query(TENANT_JOURNALS, [tenantUserId, propertyId]);
    return rows.map((row) => ({
      journalId: row.id,
      kind: row.kind,
      occurredAt: row.occurred_at,
      description: row.description,
      receivableCents: Number(row.receivable_cents),
      paidCents: Number(row.paid_cents),
      tenantFeeCents: row.tenant_fee_cents === null ? null : Number(row.tenant_fee_cents),
      correctsJournalId: row.corrects_transaction_id,
    }));
  }

  async lines(tenantUserId: string, propertyId: string): Promise<TenantLedgerLine[]> {
    return tenantLedgerLines(await this.journals(tenantUserId, propertyId));
  }
}
