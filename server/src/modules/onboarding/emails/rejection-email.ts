import { renderEmail } from '../../../infrastructure/mail/email-layout';
import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';

export interface RejectionEmailInput {
  to: string;
  firstName: string;
  reason: string;
  supportEmail: string;
  /** PUBLIC_URL: where the email's logo is served. */
  publicUrl: string;
}

/** A polite no, with the operator's reason and where to write if something was misunderstood. */
export function rejectionEmail(input: RejectionEmailInput): SendEmailJob {
  return renderEmail({
    to: input.to,
    subject: 'About your Rentwise registration',
    publicUrl: input.publicUrl,
    greeting: `Hi ${input.firstName},`,
    blocks: [
      'Thank you for signing up for Rentwise. We have reviewed your registration and, for now, we are not able to approve it.',
      { callout: { label: 'The reason', text: input.reason } },
      `If you think we got something wrong, or your situation changes, write to us at ${input.supportEmail} and we will gladly take another look.`,
    ],
    closing: 'Kind regards,',
    footer: 'You get this email because you registered as a landlord on Rentwise.',
  });
}
