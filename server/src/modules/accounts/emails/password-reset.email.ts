import { renderEmail } from '../../../infrastructure/mail/email-layout';
import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';

export function passwordResetEmail(to: string, firstName: string, url: string, publicUrl: string): SendEmailJob {
  return renderEmail({
    to,
    subject: 'Reset your Rentwise password',
    publicUrl,
    greeting: `Hi ${firstName},`,
    blocks: [
      'Someone (we hope you) asked to reset the password of your Rentwise account.',
      { button: { label: 'Choose a new password', url, showUrl: true } },
      'The link works once, for one hour.',
      "If you did not ask for this, you can ignore this email: your password stays as it is.",
    ],
  });
}
