import { renderEmail } from '../../../infrastructure/mail/email-layout';
import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';

/** To the new address: the only way the change takes effect is this link. */
export function confirmNewEmailEmail(to: string, firstName: string, url: string, publicUrl: string): SendEmailJob {
  return renderEmail({
    to,
    subject: 'Confirm your new Rentwise email',
    publicUrl,
    greeting: `Hi ${firstName},`,
    blocks: [
      'You asked to sign in to Rentwise with this email address from now on. Open the link below to confirm it; until then your sign-in email stays as it was.',
      { button: { label: 'Confirm this email', url, showUrl: true } },
      'The link works once, for 24 hours.',
      'If you did not ask for this, ignore this email: nothing changes.',
    ],
  });
}
