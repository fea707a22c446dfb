import { Injectable } from '@nestjs/common';
import type { JournalKind } from '@rentwise/libs/statements';
import { type TenantJournal, type TenantLedgerLine, tenantLedgerLines } from '@rentwise/libs/tenant-balance';
import { isoTimestamp } from '../../../infrastructure/database/iso-timestamp';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';

/**
 * TenantLedgerReader's read for many tenancies at once: every journal of each (tenant, property)
 * pair, by index ledger_transactions_tenant_idx, in one statement however many pairs (a landlord's
 * hundreds of tenancies, a page of the reminders job).
 */
const JOURNALS_OF_TENANCIES = preparedStatement<
  {
    tenant_user_id: string;
    property_id: string;
    id: string;
    kind: JournalKind;
    occurred_at: string;
    description: string;
    corrects_transaction_id: string | null;
    receivable_cents: string;
    paid_cents: string;
    tenant_fee_cents: string | null;
  },
  [tenantUserIds: string[], propertyIds: string[]]
>(
  'payments.journals-of-tenancies',
  `SELECT t.tenant_user_id, t.property_id, t.id, t.kind, ${isoTimestamp('t.occurred_at')} AS occurred_at, t.description, t.corrects_transaction_id,
          coalesce(e.receivable, 0) AS receivable_cents, coalesce(e.paid, 0) AS paid_cents, c.processing_fee_cents AS tenant_fee_cents
     FROM unnest($1::uuid[], $2::uuid[]) AS p(tenant_user_id, property_id)
     JOIN payments.ledger_transactions t ON t.tenant_user_id = p.tenant_user_id AND t.property_id = p.property_id
    CROSS JOIN LATERAL (
      SELECT sum(x.amount_cents) FILTER (WHERE x.account = 'tenant_receivable') AS receivable,
             -sum(x.amount_cents) FILTER (WHERE x.account = 'tenant_card') AS paid
        FROM payments.ledger_entries x WHERE x.transaction_id = t.id) e
     LEFT JOIN payments.card_payments c ON c.ledger_transaction_id = t.id`,
);

export interface TenancyKey {
  tenantUserId: string;
  propertyId: string;
}

export const tenancyKeyOf = ({ tenantUserId, propertyId }: TenancyKey): string => `${tenantUserId}:${propertyId}`;

/** The ledgers of many tenancies (decision 0039's balance, decision 0041's readers): one read for all of them. */
@Injectable()
export class TenancyLedgers {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  /** Each tenancy's ledger lines with their running balance, by `tenancyKeyOf`; a tenancy without journals has no lines. */
  async linesOf(tenancies: readonly TenancyKey[]): Promise<Map<string, TenantLedgerLine[]>> {
    const journals = new Map<string, TenantJournal[]>(tenancies.map((tenancy) => [tenancyKeyOf(tenancy), []]));
    if (tenancies.length === 0) return new Map();
    const rows = await this.unitOfWork.query(JOURNALS_OF_TENANCIES, [tenancies.map((t) => t.tenantUserId), tenancies.map((t) => t.propertyId)]);
    for (const row of rows) {
      journals.get(tenancyKeyOf({ tenantUserId: row.tenant_user_id, propertyId: row.property_id }))?.push({
        journalId: row.id,
        kind: row.kind,
        occurredAt: row.occurred_at,
        description: row.description,
        receivableCents: Number(row.receivable_cents),
        paidCents: Number(row.paid_cents),
        tenantFeeCents: row.tenant_fee_cents === null ? null : Number(row.tenant_fee_cents),
        correctsJournalId: row.corrects_transaction_id,
      });
    }
    return new Map([...journals].map(([key, list]) => [key, tenantLedgerLines(list)]));
  }
}
