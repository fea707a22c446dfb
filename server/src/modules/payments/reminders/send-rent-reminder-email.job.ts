import type { ReminderOccasion } from '@rentwise/libs/rent-reminders';

export const RENT_REMINDER_EMAILS_QUEUE = 'rent-reminder-emails';

/** One reminder: to a tenant (rent due soon, due today, late, a late fee posted) or the landlord's weekly summary. */
export const SEND_RENT_REMINDER_EMAIL_JOB = 'SendRentReminderEmail';

export interface SendRentReminderEmailJob {
  occasion: ReminderOccasion;
  /** The rent's month ('2027-01'), the late fee's month, or the summary's Monday ('2027-01-04'). */
  period: string;
  /** The tenant, or the landlord for the weekly summary. */
  recipientUserId: string;
  landlordUserId: string;
  /** Null for the weekly summary. */
  propertyId: string | null;
  /** The late fee's journal, for a late fee notice. */
  lateFeeJournalId: string | null;
}
