import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';
import { renderAccountEmail } from './account-email';

export function passwordResetEmail(to: string, firstName: string, url: string): SendEmailJob {
  return renderAccountEmail({
    to,
    subject: 'Reset your Rentwise password',
    greetingName: firstName,
    before: ['Someone (we hope you) asked to reset the password of your Rentwise account.'],
    action: { label: 'Choose a new password', url },
    after: [
      'The link works once, for one hour.',
      "If you did not ask for this, you can ignore this email: your password stays as it is.",
    ],
  });
}
