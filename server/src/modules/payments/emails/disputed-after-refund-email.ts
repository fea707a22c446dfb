import type { DisputedAfterRefund } from '@rentwise/libs/disputed-after-refund';
import { formatCents } from '@rentwise/libs/money';
import { renderEmail } from '../../../infrastructure/mail/email-layout';
import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';

export interface DisputedAfterRefundEmailInput {
  to: string;
  firstName: string;
  tenantName: string;
  propertyAddress: string;
  paidAt: Date;
  /** What the rule found (libs/disputed-after-refund): the refunds before the dispute, what it holds. */
  flag: DisputedAfterRefund;
  disputeId: string;
  evidenceDueBy: Date | null;
  /** The landlord's statement time zone: dates as their calendar shows them. */
  timeZone: string;
  receiptUrl: string;
  /** The landlord dashboard, whose View Stripe Account opens the provider's dashboard (its links expire, so none is mailed). */
  dashboardUrl: string;
  /** PUBLIC_URL: where the email's logo is served. */
  publicUrl: string;
}

const dayOf = (date: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone }).format(date);
const momentOf = (date: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(date);

/**
 * Tells a landlord that a payment they refunded has also been disputed, so they are down it twice
 * until the dispute closes, and what to answer: the refund's date, amount and reference as evidence,
 * in the provider's dashboard, by the evidence due date.
 */
export function disputedAfterRefundEmail(input: DisputedAfterRefundEmailInput): SendEmailJob {
  const { flag, timeZone } = input;
  const disputed = formatCents(flag.disputedCents);
  const dueBy = input.evidenceDueBy ? momentOf(input.evidenceDueBy, timeZone) : null;
  const subject = `${input.tenantName}'s refunded payment was disputed: answer ${dueBy ? `by ${dayOf(input.evidenceDueBy!, timeZone)}` : 'the dispute'}`;
  const refundLines = flag.refunds.map(
    (refund) =>
      `Refund of ${formatCents(refund.amountCents)} on ${dayOf(refund.refundedAt, timeZone)}${refund.reference ? `, reference ${refund.reference}` : ''}`,
  );
  const what =
    `${input.tenantName}'s rent payment for ${input.propertyAddress}, paid on ${dayOf(input.paidAt, timeZone)}, ` +
    `was refunded on ${dayOf(flag.lastRefundedAt, timeZone)} (${formatCents(flag.refundedCents)}), and the cardholder has now also disputed it. ` +
    `Stripe has taken the disputed ${disputed} from your balance, so until the dispute closes you are down this money twice.`;
  const answer = `Answer the dispute (${input.disputeId}) in your Stripe account and submit evidence that the refund was issued:`;
  const when = dueBy
    ? `Submit it by ${dueBy}, the dispute's evidence due date. Without an answer the bank decides for the cardholder.`
    : 'Submit it as soon as you can: Stripe shows the evidence due date on the dispute. Without an answer the bank decides for the cardholder.';
  const outcome = `If the bank accepts the refund as proof, the disputed ${disputed} comes back to you.`;

  return renderEmail({
    to: input.to,
    subject,
    publicUrl: input.publicUrl,
    greeting: `Hi ${input.firstName},`,
    blocks: [
      what,
      { heading: 'What to answer' },
      answer,
      { list: refundLines },
      { emphasis: when },
      outcome,
      { button: { label: 'Open your dashboard', url: input.dashboardUrl } },
      { link: { lead: 'Open your Stripe account with', label: 'View Stripe Account on your Rentwise dashboard', url: input.dashboardUrl } },
      { link: { label: "The payment's receipt", url: input.receiptUrl } },
    ],
    footer: 'You get this email because a payment to you was disputed after you refunded it.',
  });
}
