import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';
import { emailDocument, escapeHtml, link, paragraph } from './email-layout';

export interface RejectionEmailInput {
  to: string;
  firstName: string;
  reason: string;
  supportEmail: string;
}

/** A polite no, with the operator's reason and where to write if something was misunderstood. */
export function rejectionEmail(input: RejectionEmailInput): SendEmailJob {
  const subject = 'About your Rentwise registration';
  const text = [
    `Hi ${input.firstName},`,
    '',
    'Thank you for signing up for Rentwise. We have reviewed your registration and, for now, we are not able to approve it.',
    '',
    `The reason: ${input.reason}`,
    '',
    `If you think we got something wrong, or your situation changes, write to us at ${input.supportEmail} and we will gladly take another look.`,
    '',
    'Kind regards,',
    'Rentwise',
  ].join('\n');
  const html = emailDocument(
    subject,
    [
      paragraph(`Hi ${escapeHtml(input.firstName)},`),
      paragraph('Thank you for signing up for Rentwise. We have reviewed your registration and, for now, we are not able to approve it.'),
      `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #d0d7de;background:#f6f8fa;color:#1f2328;font-size:16px;line-height:1.5">${escapeHtml(input.reason)}</blockquote>`,
      paragraph(
        `If you think we got something wrong, or your situation changes, write to us at ${link(input.supportEmail, `mailto:${input.supportEmail}`)} and we will gladly take another look.`,
      ),
      paragraph('Kind regards,<br>Rentwise'),
    ].join('\n'),
  );
  return { to: input.to, subject, text, html };
}
