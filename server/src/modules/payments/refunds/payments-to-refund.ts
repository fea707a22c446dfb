import { Injectable } from '@nestjs/common';
import { type RefundablePayment, leftToRefundCents, refundRefusal } from '@rentwise/libs/refunds';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { PAYMENT_CORRECTIONS_SQL, type PaymentCorrectionColumns, paymentCorrectionsOf, type PaymentStatus, paymentStatusOf } from '../receipts/payment-status';
import { REFUNDS_NOT_IN_LEDGER_SQL } from './refund-attempts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The charge at the provider a refund gives money back from. */
export interface RefundableCharge {
  /** stripe, sandbox, authorize_net or authorize_net_sandbox. */
  provider: string;
  /** The landlord's connected account (Stripe), or the merchant account (`anet:<login id>`). */
  accountId: string;
  chargeId: string;
  /** Authorize.Net refunds to the card by its last four digits. */
  cardLast4: string | null;
}

/** A landlord's payment as a refund reads it: how it stands, what is left, whose charge. */
export interface PaymentToRefund extends RefundablePayment {
  receiptId: string;
  tenantUserId: string;
  landlordUserId: string;
  paidAt: Date;
  status: PaymentStatus;
  /** Null for a payment made outside the payment screen (imported history, rent the landlord recorded). */
  charge: RefundableCharge | null;
  /** Why it cannot be refunded now, or null. */
  refusal: string | null;
  leftCents: number;
}

/** The columns a payment's refund reads beside its corrections: see PAYMENT_TO_REFUND_SQL. */
export interface PaymentToRefundColumns extends PaymentCorrectionColumns {
  id: string;
  tenant_user_id: string;
  landlord_user_id: string;
  occurred_at: Date;
  refunds_not_in_ledger_cents: string;
  provider: string | null;
  connected_account_id: string | null;
  charge_id: string | null;
  card_last4: string | null;
  platform_fee_cents: string | null;
  processor_fee_cents: string | null;
}

/**
 * What a refund needs of a payment beyond its journal's own columns and PAYMENT_CORRECTIONS_SQL, for a
 * statement that reads the journal as `t` and its attempt as `c` (the landlord's receipt reads them in
 * its one statement).
 */
export const PAYMENT_TO_REFUND_SQL = `${REFUNDS_NOT_IN_LEDGER_SQL} AS refunds_not_in_ledger_cents,
          c.provider, c.connected_account_id, c.charge_id, c.card_last4, c.platform_fee_cents, c.processor_fee_cents`;

/** The landlord's own payment by its receipt id: a journal by its primary key, its corrections and refunds by their indexes. */
const PAYMENT = preparedStatement<PaymentToRefundColumns, [receiptId: string, landlordUserId: string]>(
  'payments.payment-to-refund',
  `SELECT t.id, t.tenant_user_id, t.landlord_user_id, t.occurred_at,
          ${PAYMENT_CORRECTIONS_SQL},
          ${PAYMENT_TO_REFUND_SQL}
     FROM payments.ledger_transactions t
     LEFT JOIN payments.card_payments c ON c.ledger_transaction_id = t.id
    WHERE t.id = $1 AND t.landlord_user_id = $2 AND t.kind IN ('rent_payment', 'recorded_payment')`,
);

/** How a payment stands for a refund: what was charged and refunded, what is left, whose charge, and why not if it cannot be. */
export function paymentToRefundOf(row: PaymentToRefundColumns): PaymentToRefund {
  const corrections = paymentCorrectionsOf(row);
  const status = paymentStatusOf(corrections);
  const charge =
    row.provider && row.connected_account_id && row.charge_id
      ? { provider: row.provider, accountId: row.connected_account_id, chargeId: row.charge_id, cardLast4: row.card_last4 }
      : null;
  const payment = {
    chargedCents: corrections.chargedCents,
    refundedCents: corrections.refundedCents + Number(row.refunds_not_in_ledger_cents),
    platformFeeCents: row.platform_fee_cents === null ? 0 : Number(row.platform_fee_cents),
    // On Authorize.Net the processor's fee is the platform's merchant account's, not the landlord's.
    processorFeeCents: row.processor_fee_cents === null || row.provider?.startsWith('authorize_net') ? null : Number(row.processor_fee_cents),
  };
  const leftCents = leftToRefundCents(payment);
  return {
    ...payment,
    receiptId: row.id,
    tenantUserId: row.tenant_user_id,
    landlordUserId: row.landlord_user_id,
    paidAt: row.occurred_at,
    status,
    charge,
    leftCents,
    refusal: refundRefusal(status, charge !== null, leftCents),
  };
}

/** Reads a payment for refunding it; in a refund's transaction, under its lock, so what is left is current. */
@Injectable()
export class PaymentsToRefund {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  /** Null when it is not this landlord's payment (or not a payment at all). */
  async read(receiptId: string, landlordUserId: string): Promise<PaymentToRefund | null> {
    if (!UUID.test(receiptId)) return null;
    const [row] = await this.unitOfWork.query(PAYMENT, [receiptId, landlordUserId]);
    return row ? paymentToRefundOf(row) : null;
  }
}
