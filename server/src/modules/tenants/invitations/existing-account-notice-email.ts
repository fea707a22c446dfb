import { renderEmail } from '../../../infrastructure/mail/email-layout';
import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';

export interface ExistingAccountNotice {
  to: string;
  landlordName: string;
  propertyAddress: string;
  supportEmail: string;
  /** PUBLIC_URL: where the email's logo is served. */
  publicUrl: string;
}

/**
 * To the owner of an address a landlord tried to add as a tenant when it already has an account:
 * the landlord only learns it could not be added, the owner learns who tried. No button: there is
 * nothing to do here unless they are moving in.
 */
export function existingAccountNoticeEmail({ to, landlordName, propertyAddress, supportEmail, publicUrl }: ExistingAccountNotice): SendEmailJob {
  return renderEmail({
    to,
    subject: `${landlordName} tried to add you as a tenant on Rentwise`,
    publicUrl,
    greeting: 'Hi there,',
    blocks: [
      `${landlordName} tried to add this email address as a tenant of ${propertyAddress}. It already belongs to a Rentwise account, so nothing was changed and your account stays as it is.`,
      `If you are moving in, tell ${landlordName} which email to use, or write to ${supportEmail}. If you don't know them, you can ignore this email.`,
    ],
  });
}
