import { renderEmail } from '../../../infrastructure/mail/email-layout';
import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';

/**
 * To an address someone asked to move their account to when it already has an account of its own.
 * The person asking is told the same as for a free address; only this mailbox learns the difference.
 */
export function newEmailHasAccountEmail(to: string, signInUrl: string, supportEmail: string, publicUrl: string): SendEmailJob {
  return renderEmail({
    to,
    subject: 'This email already has a Rentwise account',
    publicUrl,
    greeting: 'Hi there,',
    blocks: [
      'Someone asked to use this email address for their Rentwise account. It already belongs to a Rentwise account, so nothing was changed and no account was moved.',
      'If it was you, sign in with this address instead. If you have forgotten its password, use Forgot Password on the sign-in page.',
      { button: { label: 'Sign in', url: signInUrl, showUrl: true } },
      `If you did not ask for this, you can ignore this email, or write to ${supportEmail}.`,
    ],
  });
}
