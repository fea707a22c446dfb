import type { DisputedAfterRefund } from '@rentwise/libs/disputed-after-refund';
import { formatCents } from '@rentwise/libs/money';
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
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

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
  const dashboard = 'Open your Stripe account with View Stripe Account on your Rentwise dashboard:';

  const text = [
    `Hi ${input.firstName},`,
    what,
    answer,
    refundLines.map((line) => `- ${line}`).join('\n'),
    when,
    outcome,
    `${dashboard} ${input.dashboardUrl}`,
    `The payment's receipt: ${input.receiptUrl}`,
    'Rentwise',
  ].join('\n\n');

  const paragraph = (content: string, style = '') => `<p style="margin:0 0 16px${style}">${content}</p>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px 12px;background:#f5f7fa;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#0f1b2d;line-height:1.5">
<div style="max-width:540px;margin:0 auto;background:#ffffff;border:1px solid #e1e6ee;border-radius:14px;padding:32px">
<p style="margin:0 0 24px;font-weight:700;font-size:20px;color:#3448c5">Rentwise</p>
${paragraph(`Hi ${escapeHtml(input.firstName)},`)}
${paragraph(escapeHtml(what))}
<h2 style="margin:24px 0 8px;font-size:18px">What to answer</h2>
${paragraph(escapeHtml(answer))}
<ul style="margin:0 0 16px;padding-left:20px">${refundLines.map((line) => `<li style="font-variant-numeric:tabular-nums">${escapeHtml(line)}</li>`).join('')}</ul>
${paragraph(escapeHtml(when), ';font-weight:600')}
${paragraph(escapeHtml(outcome))}
<p style="margin:24px 0"><a href="${escapeHtml(input.dashboardUrl)}" style="display:inline-block;background:#3448c5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:10px;font-weight:600">Open your dashboard</a></p>
${paragraph(`${escapeHtml(dashboard)} <a href="${escapeHtml(input.dashboardUrl)}">${escapeHtml(input.dashboardUrl)}</a>`, ';font-size:14px;color:#4b5768')}
${paragraph(`The payment's receipt: <a href="${escapeHtml(input.receiptUrl)}">${escapeHtml(input.receiptUrl)}</a>`, ';font-size:14px;color:#4b5768')}
</div></body></html>`;
  return { to: input.to, subject, text, html };
}
