export const BANK_DEBIT_FAILED_EMAILS_QUEUE = 'bank-debit-failed-emails';

/** A bank debit failed or was returned: tell the tenant (what to do) and the landlord (money they counted on). */
export const SEND_BANK_DEBIT_FAILED_EMAIL_JOB = 'SendBankDebitFailedEmail';

export interface SendBankDebitFailedEmailJob {
  /** The failed payment's sent journal (its receipt). */
  paymentTransactionId: string;
  /** Who this email is for. */
  recipient: 'tenant' | 'landlord';
  /** The reader of the receipt: the recipient's user id. */
  userId: string;
}
