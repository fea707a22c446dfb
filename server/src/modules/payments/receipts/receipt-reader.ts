import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { bankDebitFailureReason } from '@rentwise/libs/bank-debits';
import { billingMonthLabel, billingMonthOf } from '@rentwise/libs/billing-month';
import { paymentMethodLabel } from '@rentwise/libs/card-number';
import { DISPUTED_AFTER_REFUND_STATUS } from '@rentwise/libs/disputed-after-refund';
import { landlordReceivesCents } from '@rentwise/libs/fees';
import { type RecordedPaymentMethod, recordedPaymentMethodLabel } from '@rentwise/libs/recorded-payments';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import type { UserView } from '../../accounts/contracts/user-view';
import { GetUsers } from '../../accounts/contracts/get-users.query';
import { GetProperty } from '../../properties/contracts/get-property.query';
import { madeByAutopaySql } from '../autopay/made-by-autopay';
import { GetLandlordTimeZone } from '../contracts/get-landlord-time-zone.query';
import { disputedAfterRefundView, PaymentCorrectionsReader } from '../refund-disputes/payment-corrections-reader';
import { PAYMENT_CORRECTIONS_SQL, paymentCorrectionsOf, paymentStatusOf, RECEIPT_STATUS_WORDS } from './payment-status';
import { PAYMENT_TO_REFUND_SQL, type PaymentToRefundColumns, paymentToRefundOf } from '../refunds/payments-to-refund';
import type { ReceiptRefundView, ReceiptView, RefundOptionView } from './receipt-view';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface ReceiptRow extends PaymentToRefundColumns {
  property_id: string;
  description: string;
  charged_cents: string;
  landlord_cents: string;
  card_brand: string | null;
  method: 'card' | 'bank_debit' | null;
  bank_name: string | null;
  bank_last4: string | null;
  failure_code: string | null;
  processing_fee_cents: string | null;
  automatic: boolean;
  recorded_method: RecordedPaymentMethod | null;
  recorded_reference: string | null;
  received_on: string | null;
  recorded_by_user_id: string | null;
  void_reason: string | null;
  voided_at: Date | null;
}

/**
 * One journal by its id (primary key), its entries and corrections by their indexes, its attempt if
 * any. A bank debit's landlord share is posted by its settlement (decision 0037), so it is summed too.
 * Rent the landlord recorded (decision 0043) comes with how it was paid, who recorded it, and its void;
 * and what a refund reads, for the landlord's refund option (one read, not a second by the refund's).
 * The landlord's share is two index reads added, not one read with an OR: with the OR the planner
 * scanned every ledger entry (0.44 s a receipt at 1.7 million entries).
 */
const RECEIPT = preparedStatement<ReceiptRow, [receiptId: string]>(
  'payments.receipt',
  `SELECT t.id, t.occurred_at, t.tenant_user_id, t.landlord_user_id, t.property_id, t.description,
          -(SELECT coalesce(sum(e.amount_cents), 0) FROM payments.ledger_entries e
             WHERE e.transaction_id = t.id AND e.account = 'tenant_card') AS charged_cents,
          (SELECT coalesce(sum(e.amount_cents), 0) FROM payments.ledger_entries e
             WHERE e.transaction_id = t.id AND e.account IN ('landlord_payable', 'received_by_landlord'))
          + (SELECT coalesce(sum(e.amount_cents), 0) FROM payments.ledger_transactions s
               JOIN payments.ledger_entries e ON e.transaction_id = s.id
              WHERE s.corrects_transaction_id = t.id AND s.kind = 'bank_debit_settled'
                AND e.account IN ('landlord_payable', 'received_by_landlord')) AS landlord_cents,
          ${PAYMENT_CORRECTIONS_SQL},
          ${PAYMENT_TO_REFUND_SQL},
          c.card_brand, c.method, c.bank_name, c.bank_last4, c.failure_code, c.processing_fee_cents,
          ${madeByAutopaySql('c')} AS automatic,
          r.method AS recorded_method, r.reference AS recorded_reference, r.received_on::text AS received_on, r.recorded_by_user_id,
          v.reason AS void_reason, v.voided_at
     FROM payments.ledger_transactions t
     LEFT JOIN payments.card_payments c ON c.ledger_transaction_id = t.id
     LEFT JOIN payments.recorded_payments r ON r.transaction_id = t.id
     LEFT JOIN payments.recorded_payment_voids v ON v.payment_transaction_id = t.id
    WHERE t.id = $1 AND t.kind IN ('rent_payment', 'recorded_payment')`,
);

/**
 * A payment's refunds that went through (a failed one is corrected), by the corrections index, each with
 * the landlord's reason when it was refunded from Rentwise (the refund's provider reference is the journal's).
 */
const REFUNDS = preparedStatement<{ occurred_at: Date; amount_cents: string; reason: string | null }, [receiptId: string]>(
  'payments.receipt-refunds',
  `SELECT r.occurred_at, e.amount_cents, a.reason
     FROM payments.ledger_transactions r
     JOIN payments.ledger_entries e ON e.transaction_id = r.id AND e.account = 'tenant_card'
     LEFT JOIN payments.refunds a ON a.payment_transaction_id = r.corrects_transaction_id AND a.provider_reference = r.provider_reference
    WHERE r.corrects_transaction_id = $1 AND r.kind = 'refund'
      AND NOT EXISTS (SELECT 1 FROM payments.ledger_transactions f WHERE f.corrects_transaction_id = r.id AND f.kind = 'correction')
    ORDER BY r.occurred_at, r.recorded_at, r.id`,
);

/**
 * The landlord's amount: what the ledger gave them; for a bank debit not settled (processing, or
 * failed), what it was for, by the same dated fee its settlement posts.
 */
function landlordAmountCents(row: ReceiptRow, status: ReturnType<typeof paymentStatusOf>): number {
  if (status !== 'processing' && status !== 'failed') return Number(row.landlord_cents);
  return landlordReceivesCents(Number(row.charged_cents), Math.floor(row.occurred_at.getTime() / 1000));
}

/** What the landlord may refund of the payment, read as a refund reads it. */
function refundOptionOf(row: ReceiptRow): RefundOptionView {
  const { chargedCents, refundedCents, leftCents, platformFeeCents, processorFeeCents, refusal } = paymentToRefundOf(row);
  return { chargedCents, refundedCents, leftCents, platformFeeCents, processorFeeCents, refusal };
}

/** 'STRIPE TEST BANK •••• 6789' */
const bankAccountLabel = (bankName: string | null, last4: string | null): string =>
  last4 ? `${bankName ?? 'Bank account'} •••• ${last4}` : (bankName ?? 'Bank account');

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

    const corrections = paymentCorrectionsOf(row);
    const status = paymentStatusOf(corrections);
    // Only a refunded payment with a dispute still counted against it can be disputed after its refund.
    const mayBeDisputedAfterRefund = row.refunds > 0 && status === 'disputed';
    const recordedBy = row.recorded_by_user_id;
    const [users, property, flagged, timeZone, refunds] = await Promise.all([
      this.queries.execute(new GetUsers([row.tenant_user_id, row.landlord_user_id, ...(recordedBy ? [recordedBy] : [])])),
      this.queries.execute(new GetProperty(row.property_id)),
      mayBeDisputedAfterRefund ? this.corrections.disputedAfterRefund([row.id]) : undefined,
      // A recorded payment's receipt says the month it paid (New York's receipt for cash says the period covered).
      recordedBy ? this.queries.execute(new GetLandlordTimeZone(row.landlord_user_id)) : undefined,
      row.refunds > 0 ? this.refundsOf(row.id) : [],
    ]);
    const disputedAfterRefund = flagged?.get(row.id);
    const tenant = users.get(row.tenant_user_id) ?? null;
    const landlord = users.get(row.landlord_user_id) ?? null;
    const receipt: ReceiptView = {
      receiptId: row.id,
      mode,
      status: disputedAfterRefund ? DISPUTED_AFTER_REFUND_STATUS : RECEIPT_STATUS_WORDS[status],
      disputedAfterRefund: disputedAfterRefund ? disputedAfterRefundView(disputedAfterRefund) : null,
      amountCents: mode === 'tenant' ? Number(row.charged_cents) : landlordAmountCents(row, status),
      paidAt: row.occurred_at.toISOString(),
      tenantFeeCents: row.processing_fee_cents === null ? null : Number(row.processing_fee_cents),
      paidBy: fullName(tenant),
      paidTo: fullName(landlord),
      paymentMethod: row.recorded_method
        ? recordedPaymentMethodLabel(row.recorded_method, row.recorded_reference)
        : row.method === 'bank_debit'
          ? bankAccountLabel(row.bank_name, row.bank_last4)
          : paymentMethodLabel(row.card_brand, row.card_last4),
      automatic: row.automatic,
      failureReason: status === 'failed' ? bankDebitFailureReason(row.failure_code) : null,
      transactionId: row.id,
      propertyAddress: property?.address ?? '',
      description: row.description,
      landlordContact:
        mode === 'tenant' && landlord ? { name: fullName(landlord), email: landlord.email, phone: landlord.phone } : null,
      recorded:
        recordedBy && row.received_on && timeZone
          ? {
              receivedOn: row.received_on,
              periodCovered: billingMonthLabel(billingMonthOf(row.occurred_at, timeZone)),
              recordedBy: fullName(users.get(recordedBy) ?? null),
              voided: row.void_reason && row.voided_at ? { reason: row.void_reason, voidedAt: row.voided_at.toISOString() } : null,
            }
          : null,
      refunds,
      refundedCents: corrections.refundedCents,
      refundOption: mode === 'landlord' ? refundOptionOf(row) : null,
    };
    return { receipt, tenant, landlord };
  }

  private async refundsOf(receiptId: string): Promise<ReceiptRefundView[]> {
    const rows = await this.unitOfWork.query(REFUNDS, [receiptId]);
    return rows.map((refund) => ({ amountCents: Number(refund.amount_cents), refundedAt: refund.occurred_at.toISOString(), reason: refund.reason }));
  }
}
