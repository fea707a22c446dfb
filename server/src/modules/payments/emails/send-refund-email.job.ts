export const REFUND_EMAILS_QUEUE = 'refund-emails';

/** A landlord refunded (part of) a payment: tell the tenant how much, of which payment, and why (decision 0044). */
export const SEND_REFUND_EMAIL_JOB = 'SendRefundEmail';

export interface SendRefundEmailJob {
  refundId: string;
  /** The refunded payment's receipt, read as the tenant sees it. */
  receiptId: string;
  tenantUserId: string;
}
