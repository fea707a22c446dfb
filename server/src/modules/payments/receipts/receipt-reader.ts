import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { paymentMethodLabel } from '@rentwise/libs/card-number';
import { DISPUTED_AFTER_REFUND_STATUS } from '@rentwise/libs/disputed-after-refund';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import type { UserView } from '../../accounts/contracts/user-view';
import { GetUsers } from '../../accounts/contracts/get-users.query';
import { GetProperty } from '../../properties/contracts/get-property.query';
import { disputedAfterRefundView, PaymentCorrectionsReader } from '../refund-disputes/payment-corrections-reader';
import { PAYMENT_CORRECTIONS_SQL, paymentStatusOf, RECEIPT_STATUS_WORDS } from './payment-status';
import type { ReceiptView } from './receipt-view';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface ReceiptRow {
  id: string;
  occurred_at: Date;
  tenant_user_id: string;
  landlord_user_id: string;
  property_id: string;
  description: string;
  charged_cents: string;
  landlord_cents: string;
  refunds: number;
  disputes: number;
  disputes_won: number;
  card_brand: string | null;
  card_last4: string | null;
}

/** One journal by its id (primary key), its entries and corrections by their indexes, its card if any. */
const RECEIPT = preparedStatement<ReceiptRow, [receiptId: string]>(
  'payments.receipt',
  `SELECT t.id, t.occurred_at, t.tenant_user_id, t.landlord_user_id, t.property_id, t.description,
          -(SELECT coalesce(sum(e.amount_cents), 0) FROM payments.ledger_entries e
             WHERE e.transaction_id = t.id AND e.account = 'tenant_card') AS charged_cents,
          (SELECT coalesce(sum(e.amount_cents), 0) FROM payments.ledger_entries e
             WHERE e.transaction_id = t.id AND e.account = 'landlord_payable') AS landlord_cents,
          ${PAYMENT_CORRECTIONS_SQL},
          c.card_brand, c.card_last4
     FROM payments.ledger_transactions t
     LEFT JOIN payments.card_payments c ON c.ledger_transaction_id = t.id
    WHERE t.id = $1 AND t.kind = 'rent_payment'`,
);

const fullName = (user: { firstName: string; lastName: string } | null): string =>
  user ? `${user.firstName} ${user.lastName}` : 'Unknown';

/**
 * Builds a rent payment's receipt from the ledger (amounts), the card payment (card) and the other
 * modules' queries (names, address). Only the payer and the payee get one; anyone else gets null.
 */
@Injectable()
export class ReceiptReader {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly queries: QueryBus,
    private readonly corrections: PaymentCorrectionsReader,
  ) {}

  async read(receiptId: string, viewerUserId: string): Promise<ReceiptView | null> {
    return (await this.readWithPeople(receiptId, viewerUserId))?.receipt ?? null;
  }

  /** The receipt and the two people on it (the receipt email needs the tenant's address), in the same reads. */
  async readWithPeople(
    receiptId: string,
    viewerUserId: string,
  ): Promise<{ receipt: ReceiptView; tenant: UserView | null; landlord: UserView | null } | null> {
    if (!UUID.test(receiptId)) return null;
    const [row] = await this.unitOfWork.query(RECEIPT, [receiptId]);
    if (!row) return null;
    const mode = row.tenant_user_id === viewerUserId ? 'tenant' : row.landlord_user_id === viewerUserId ? 'landlord' : null;
    if (!mode) return null;

    const status = paymentStatusOf({ refunds: row.refunds, disputes: row.disputes, disputesWon: row.disputes_won });
    // Only a refunded payment with a dispute still counted against it can be disputed after its refund.
    const mayBeDisputedAfterRefund = row.refunds > 0 && status === 'disputed';
    const [users, property, flagged] = await Promise.all([
      this.queries.execute(new GetUsers([row.tenant_user_id, row.landlord_user_id])),
      this.queries.execute(new GetProperty(row.property_id)),
      mayBeDisputedAfterRefund ? this.corrections.disputedAfterRefund([row.id]) : undefined,
    ]);
    const disputedAfterRefund = flagged?.get(row.id);
    const tenant = users.get(row.tenant_user_id) ?? null;
    const landlord = users.get(row.landlord_user_id) ?? null;
    const receipt: ReceiptView = {
      receiptId: row.id,
      mode,
      status: disputedAfterRefund ? DISPUTED_AFTER_REFUND_STATUS : RECEIPT_STATUS_WORDS[status],
      disputedAfterRefund: disputedAfterRefund ? disputedAfterRefundView(disputedAfterRefund) : null,
      amountCents: Number(mode === 'tenant' ? row.charged_cents : row.landlord_cents),
      paidAt: row.occurred_at.toISOString(),
      paidBy: fullName(tenant),
      paidTo: fullName(landlord),
      paymentMethod: paymentMethodLabel(row.card_brand, row.card_last4),
      transactionId: row.id,
      propertyAddress: property?.address ?? '',
      description: row.description,
      landlordContact:
        mode === 'tenant' && landlord ? { name: fullName(landlord), email: landlord.email, phone: landlord.phone } : null,
    };
    return { receipt, tenant, landlord };
  }
}
