export const RECEIPT_EMAILS_QUEUE = 'receipt-emails';

/** A posted card payment's receipt, to render and send to the tenant once the posting has committed. */
export const SEND_RECEIPT_EMAIL_JOB = 'SendReceiptEmail';

export interface SendReceiptEmailJob {
  receiptId: string;
  tenantUserId: string;
}
