import { renderEmail } from '../../../infrastructure/mail/email-layout';
import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';

/** To the address an account signs in with now, when someone asks to move it to another one. */
export function emailChangeNoticeEmail(to: string, firstName: string, newEmail: string, forgotPasswordUrl: string, publicUrl: string): SendEmailJob {
  return renderEmail({
    to,
    subject: 'Your Rentwise email is about to change',
    publicUrl,
    greeting: `Hi ${firstName},`,
    blocks: [
      `Someone signed in to your Rentwise account asked to change its email to ${newEmail}. The change happens only once the link we sent to that address is opened.`,
      'If this was you, there is nothing more to do here.',
      { button: { label: 'Reset your password', url: forgotPasswordUrl, showUrl: true } },
      'If it was not you, reset your password now: that signs everyone out of your account and cancels the change.',
    ],
  });
}
