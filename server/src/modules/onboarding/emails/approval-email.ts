import { renderEmail } from '../../../infrastructure/mail/email-layout';
import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';

export interface ApprovalEmailInput {
  to: string;
  firstName: string;
  /** Step 1, default: open a payout account through the provider's hosted onboarding. */
  connectPayoutAccountUrl: string;
  /** Step 1 for people who already have a Stripe account (OAuth). */
  connectExistingAccountUrl: string;
  /** Step 2: /account/create-password with the activation token. */
  createPasswordUrl: string;
  signInUrl: string;
  supportEmail: string;
  /** PUBLIC_URL: where the email's logo is served. */
  publicUrl: string;
}

/**
 * The first email: the registration is approved; step 1 connects the payout account, step 2 creates
 * the password. Step 1 is the button, as it comes first; step 2 is a plain link.
 */
export function approvalEmail(input: ApprovalEmailInput): SendEmailJob {
  return renderEmail({
    to: input.to,
    subject: 'You’re approved: two steps to start collecting rent with Rentwise',
    publicUrl: input.publicUrl,
    greeting: `Hi ${input.firstName},`,
    blocks: [
      'Good news: your Rentwise registration has been approved. Two steps and you are ready to collect rent.',
      { heading: 'Step 1: connect your payout account' },
      'Rent is paid out to this account by Stripe, our payment processor.',
      { button: { label: 'Connect payout account', url: input.connectPayoutAccountUrl } },
      { link: { lead: 'Already have a Stripe account?', label: 'Connect your existing Stripe account instead', url: input.connectExistingAccountUrl } },
      { heading: 'Step 2: create your password' },
      { link: { label: 'Create your password', url: input.createPasswordUrl } },
      { link: { lead: 'Then', label: 'sign in to Rentwise', url: input.signInUrl } },
      {
        note: 'Both links work for 7 days. The step 1 link keeps working until your payout account is connected, so you can come back to it if you stop half way.',
      },
      `Questions? Write to ${input.supportEmail}.`,
    ],
    footer: 'You get this email because you registered as a landlord on Rentwise.',
  });
}
