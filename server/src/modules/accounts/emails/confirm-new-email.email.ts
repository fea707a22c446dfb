import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';
import { renderAccountEmail } from './account-email';

/** To the new address: the only way the change takes effect is this link. */
export function confirmNewEmailEmail(to: string, firstName: string, url: string): SendEmailJob {
  return renderAccountEmail({
    to,
    subject: 'Confirm your new Rentwise email',
    greetingName: firstName,
    before: [
      'You asked to sign in to Rentwise with this email address from now on. Open the link below to confirm it; until then your sign-in email stays as it was.',
    ],
    action: { label: 'Confirm this email', url },
    after: [
      'The link works once, for 24 hours.',
      'If you did not ask for this, ignore this email: nothing changes.',
    ],
  });
}
