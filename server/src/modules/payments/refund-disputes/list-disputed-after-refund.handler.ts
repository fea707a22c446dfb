import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetUsers } from '../../accounts/contracts/get-users.query';
import { GetProperty } from '../../properties/contracts/get-property.query';
import { DisputedAfterRefundPaymentView, ListDisputedAfterRefund } from './list-disputed-after-refund.query';
import { disputedAfterRefundView, PaymentCorrectionsReader } from './payment-corrections-reader';

interface CandidateRow {
  id: string;
  occurred_at: Date;
  tenant_user_id: string;
  landlord_user_id: string;
  property_id: string;
  charged_cents: string;
  connected_account_id: string | null;
  charge_id: string | null;
}

/**
 * Payments with a refund and money a dispute still holds, among those a dispute ever held money of:
 * the rule (libs/disputed-after-refund) then decides on their corrections. `disputed` is the `WHERE`
 * that finds the dispute journals.
 */
const candidates = (name: string, disputed: string) =>
  preparedStatement<CandidateRow, [] | [landlordUserId: string]>(
    name,
    `SELECT p.id, p.occurred_at, p.tenant_user_id, p.landlord_user_id, p.property_id,
            -(SELECT coalesce(sum(e.amount_cents), 0) FROM payments.ledger_entries e
               WHERE e.transaction_id = p.id AND e.account = 'tenant_card') AS charged_cents,
            c.connected_account_id, c.charge_id
       FROM payments.ledger_transactions p
       LEFT JOIN payments.card_payments c ON c.ledger_transaction_id = p.id
      WHERE p.id IN (SELECT d.corrects_transaction_id FROM payments.ledger_transactions d WHERE ${disputed})
        AND EXISTS (SELECT 1 FROM payments.ledger_transactions r WHERE r.corrects_transaction_id = p.id AND r.kind = 'refund')
        AND (SELECT coalesce(sum(e.amount_cents), 0) FROM payments.ledger_transactions x
               JOIN payments.ledger_entries e ON e.transaction_id = x.id
              WHERE x.corrects_transaction_id = p.id AND e.account = 'disputed') > 0`,
  );

/** One landlord's: by the landlord index. */
const LANDLORD_CANDIDATES = candidates('payments.disputed-after-refund.landlord', `d.landlord_user_id = $1 AND d.kind = 'dispute'`);
/** Everyone's: by the corrections index (refunds and disputes only, a sliver of the ledger). */
const ALL_CANDIDATES = candidates('payments.disputed-after-refund.all', `d.corrects_transaction_id IS NOT NULL AND d.kind = 'dispute'`);

const fullName = (user: { firstName: string; lastName: string } | undefined): string | null =>
  user ? `${user.firstName} ${user.lastName}` : null;

@QueryHandler(ListDisputedAfterRefund)
export class ListDisputedAfterRefundHandler implements IQueryHandler<ListDisputedAfterRefund> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly corrections: PaymentCorrectionsReader,
    private readonly queries: QueryBus,
  ) {}

  async execute({ landlordUserId }: ListDisputedAfterRefund): Promise<DisputedAfterRefundPaymentView[]> {
    const rows = landlordUserId
      ? await this.unitOfWork.query(LANDLORD_CANDIDATES, [landlordUserId])
      : await this.unitOfWork.query(ALL_CANDIDATES, []);
    if (rows.length === 0) return [];
    const flagged = await this.corrections.disputedAfterRefund(rows.map((row) => row.id));
    const payments = rows.filter((row) => flagged.has(row.id));
    if (payments.length === 0) return [];
    const propertyIds = [...new Set(payments.map((row) => row.property_id))];
    const [users, properties] = await Promise.all([
      this.queries.execute(new GetUsers([...new Set(payments.flatMap((row) => [row.tenant_user_id, row.landlord_user_id]))])),
      Promise.all(propertyIds.map((id) => this.queries.execute(new GetProperty(id)))),
    ]);
    const addresses = new Map(propertyIds.map((id, index) => [id, properties[index]?.address ?? null]));
    return payments
      .map((row) => ({
        receiptId: row.id,
        paidAt: row.occurred_at.toISOString(),
        chargedCents: Number(row.charged_cents),
        landlordUserId: row.landlord_user_id,
        landlordName: fullName(users.get(row.landlord_user_id)),
        tenantName: fullName(users.get(row.tenant_user_id)),
        propertyAddress: addresses.get(row.property_id) ?? null,
        connectedAccountId: row.connected_account_id,
        chargeId: row.charge_id,
        ...disputedAfterRefundView(flagged.get(row.id)!),
      }))
      .sort((a, b) => b.disputeOpenedAt.localeCompare(a.disputeOpenedAt) || a.receiptId.localeCompare(b.receiptId));
  }
}
