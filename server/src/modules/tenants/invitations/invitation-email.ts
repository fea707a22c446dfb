import { renderEmail } from '../../../infrastructure/mail/email-layout';
import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';

export interface Invitation {
  to: string;
  tenantFirstName: string;
  landlordName: string;
  propertyAddress: string;
  /** The single-use create-password link. */
  createPasswordUrl: string;
  /** Where to sign in once the password exists. */
  signInUrl: string;
  /** PUBLIC_URL: where the email's logo is served. */
  publicUrl: string;
}

/** The email a tenant gets when their landlord adds them: who, where, and the link to start. */
export function invitationEmail(invitation: Invitation): SendEmailJob {
  const { to, tenantFirstName, landlordName, propertyAddress, createPasswordUrl, signInUrl, publicUrl } = invitation;
  return renderEmail({
    to,
    subject: `${landlordName} invited you to pay rent with Rentwise`,
    publicUrl,
    greeting: `Hi ${tenantFirstName},`,
    blocks: [
      `${landlordName} added you as a tenant of ${propertyAddress} on Rentwise, so you can pay your rent online by card and keep every receipt in one place.`,
      { callout: { label: 'Your home', text: propertyAddress } },
      'Create your password to get started. After that, sign in any time to pay rent and see your payment history.',
      { button: { label: 'Create your password', url: createPasswordUrl, showUrl: true } },
      { note: `The link works once, for 7 days. If it has expired, ask ${landlordName} to send a new invitation.` },
      { link: { lead: 'Already have a password?', label: 'Sign in', url: signInUrl } },
      { note: 'Not expecting this? You can ignore this email; nothing happens until a password is created.' },
    ],
  });
}
