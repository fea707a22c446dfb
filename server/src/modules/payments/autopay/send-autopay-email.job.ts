export const AUTOPAY_EMAILS_QUEUE = 'autopay-emails';

export const SEND_AUTOPAY_EMAIL_JOB = 'SendAutopayEmail';

/**
 * What an autopay email says (decision 0042): the notice before a debit; a payment that failed and
 * will be tried again, or failed and the tenant should pay by hand; autopay turned off (to both sides).
 */
export type AutopayEmailOccasion = 'notice' | 'retrying' | 'failed' | 'turned_off';

export interface SendAutopayEmailJob {
  occasion: AutopayEmailOccasion;
  /** What the plan pays from; absent in jobs queued before cards, which were all bank accounts. */
  method?: 'bank_account' | 'card';
  recipientUserId: string;
  /** Whether the recipient is the landlord (only for turned_off). */
  toLandlord: boolean;
  tenantUserId: string;
  propertyId: string;
  /** The rent's month, '2027-01'. */
  period: string;
  amountCents: number;
  /** ISO time of the debit (notice), or of the retry (retrying). */
  at: string | null;
  /** The provider's or bank's words, for a failure. */
  reason: string | null;
  timeZone: string;
}
