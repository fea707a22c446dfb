export const DISPUTED_AFTER_REFUND_EMAILS_QUEUE = 'disputed-after-refund-emails';

/** A dispute opened on a refunded payment: tell the landlord what to answer, once the dispute's journal has committed. */
export const SEND_DISPUTED_AFTER_REFUND_EMAIL_JOB = 'SendDisputedAfterRefundEmail';

export interface SendDisputedAfterRefundEmailJob {
  /** The disputed payment's journal (its receipt). */
  paymentTransactionId: string;
  landlordUserId: string;
  /** The provider's dispute id (`dp_...`), as the landlord finds it in the provider's dashboard. */
  disputeId: string;
  /** ISO; null when the provider gave no evidence due date. */
  evidenceDueBy: string | null;
}
