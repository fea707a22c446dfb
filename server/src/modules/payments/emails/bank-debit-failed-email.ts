import { formatCents } from '@rentwise/libs/money';
import { renderEmail } from '../../../infrastructure/mail/email-layout';
import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';

export interface BankDebitFailedEmailInput {
  to: string;
  firstName: string;
  recipient: 'tenant' | 'landlord';
  tenantName: string;
  propertyAddress: string;
  amountCents: number;
  paidAt: Date;
  /** The bank's reason in plain words (libs bankDebitFailureReason). */
  reason: string;
  timeZone: string;
  receiptUrl: string;
  /** Where the tenant pays again; the landlord's dashboard for the landlord. */
  actionUrl: string;
  publicUrl: string;
}

const dayOf = (date: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone }).format(date);

/**
 * A bank payment the bank refused or returned: to the tenant, what happened and how to pay instead;
 * to the landlord, that money they were shown as on its way will not arrive.
 */
export function bankDebitFailedEmail(input: BankDebitFailedEmailInput): SendEmailJob {
  const amount = formatCents(input.amountCents);
  const paid = dayOf(input.paidAt, input.timeZone);
  if (input.recipient === 'tenant') {
    return renderEmail({
      to: input.to,
      subject: `Your rent payment of ${amount} did not go through`,
      publicUrl: input.publicUrl,
      greeting: `Hi ${input.firstName},`,
      blocks: [
        `Your bank payment of ${amount} for ${input.propertyAddress}, made on ${paid}, did not go through. ${input.reason}`,
        { heading: 'What to do' },
        'Your rent is not paid yet. Please pay again, by card or from another bank account. If you think the bank is wrong, contact your bank.',
        { button: { label: 'Pay rent', url: input.actionUrl } },
        { link: { label: "The payment's receipt", url: input.receiptUrl } },
      ],
      footer: 'You get this email because a rent payment you made from your bank account failed.',
    });
  }
  return renderEmail({
    to: input.to,
    subject: `${input.tenantName}'s bank payment of ${amount} failed`,
    publicUrl: input.publicUrl,
    greeting: `Hi ${input.firstName},`,
    blocks: [
      `${input.tenantName}'s bank payment of ${amount} for ${input.propertyAddress}, made on ${paid}, failed: ${input.reason}`,
      'It will not arrive in your account, and it no longer counts in your statements. We have asked the tenant to pay again.',
      { button: { label: 'Open your dashboard', url: input.actionUrl } },
      { link: { label: "The payment's receipt", url: input.receiptUrl } },
    ],
    footer: 'You get this email because a rent payment to you failed at the tenant’s bank.',
  });
}
