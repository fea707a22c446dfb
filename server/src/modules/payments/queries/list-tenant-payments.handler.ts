import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { bankDebitFailureReason } from '@rentwise/libs/bank-debits';
import { madeByAutopaySql } from '../autopay/made-by-autopay';
import { PAYMENT_CORRECTIONS_SQL, type PaymentCorrectionColumns, paymentCorrectionsOf, paymentStatusOf } from '../receipts/payment-status';
import { ListTenantPayments, TenantPaymentRow } from './list-tenant-payments.query';

interface Row extends PaymentCorrectionColumns {
  id: string;
  occurred_at: Date;
  description: string;
  charged_cents: string;
  failure_code: string | null;
  automatic: boolean;
}

/** On every visit to the tenant's history: index ledger_transactions_tenant_idx, then per row the entries and corrections indexes. */
const TENANT_PAYMENTS = preparedStatement<Row, [tenantUserId: string]>(
  'payments.tenant-payments',
  `SELECT t.id, t.occurred_at, t.description,
          -(SELECT coalesce(sum(e.amount_cents), 0) FROM payments.ledger_entries e
             WHERE e.transaction_id = t.id AND e.account = 'tenant_card') AS charged_cents,
          ${PAYMENT_CORRECTIONS_SQL},
          c.failure_code,
          ${madeByAutopaySql('c')} AS automatic
     FROM payments.ledger_transactions t
     LEFT JOIN payments.card_payments c ON c.ledger_transaction_id = t.id
    WHERE t.tenant_user_id = $1 AND t.kind IN ('rent_payment', 'recorded_payment')
    ORDER BY t.occurred_at DESC, t.recorded_at DESC`,
);

@QueryHandler(ListTenantPayments)
export class ListTenantPaymentsHandler implements IQueryHandler<ListTenantPayments> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ tenantUserId }: ListTenantPayments): Promise<TenantPaymentRow[]> {
    const rows = await this.unitOfWork.query(TENANT_PAYMENTS, [tenantUserId]);
    return rows.map((row) => {
      const status = paymentStatusOf(paymentCorrectionsOf(row));
      return {
        receiptId: row.id,
        paidAt: row.occurred_at.toISOString(),
        chargedCents: Number(row.charged_cents),
        description: row.description,
        status,
        failureReason: status === 'failed' ? bankDebitFailureReason(row.failure_code) : null,
        automatic: row.automatic,
      };
    });
  }
}
