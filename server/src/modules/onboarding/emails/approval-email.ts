import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';
import { button, emailDocument, escapeHtml, heading, link, paragraph } from './email-layout';

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
}

/** The first email: the registration is approved; step 1 connects the payout account, step 2 creates the password. */
export function approvalEmail(input: ApprovalEmailInput): SendEmailJob {
  const subject = 'You’re approved: two steps to start collecting rent with Rentwise';
  const text = [
    `Hi ${input.firstName},`,
    '',
    'Good news: your Rentwise registration has been approved. Two steps and you are ready to collect rent.',
    '',
    'Step 1: connect your payout account',
    'Rent is paid out to this account by Stripe, our payment processor. Open this link and follow the steps:',
    input.connectPayoutAccountUrl,
    '',
    'Already have a Stripe account? Connect it instead:',
    input.connectExistingAccountUrl,
    '',
    'Step 2: create your password',
    input.createPasswordUrl,
    '',
    `Then sign in at ${input.signInUrl}`,
    '',
    'Both links work for 7 days. The step 1 link keeps working until your payout account is connected, so you can come back to it if you stop half way.',
    '',
    `Questions? Write to ${input.supportEmail}.`,
    '',
    'Rentwise',
  ].join('\n');
  const html = emailDocument(
    subject,
    [
      paragraph(`Hi ${escapeHtml(input.firstName)},`),
      paragraph('Good news: your Rentwise registration has been approved. Two steps and you are ready to collect rent.'),
      heading('Step 1: connect your payout account'),
      paragraph('Rent is paid out to this account by Stripe, our payment processor.'),
      button('Connect payout account', input.connectPayoutAccountUrl),
      paragraph(`Already have a Stripe account? ${link('Connect your existing Stripe account', input.connectExistingAccountUrl)} instead.`),
      heading('Step 2: create your password'),
      button('Create password', input.createPasswordUrl),
      paragraph(`Then ${link('sign in to Rentwise', input.signInUrl)}.`),
      paragraph(
        '<span style="color:#59636e;font-size:14px">Both links work for 7 days. The step 1 link keeps working until your payout account is connected, so you can come back to it if you stop half way.</span>',
      ),
      paragraph(`Questions? Write to ${link(input.supportEmail, `mailto:${input.supportEmail}`)}.`),
    ].join('\n'),
  );
  return { to: input.to, subject, text, html };
}
