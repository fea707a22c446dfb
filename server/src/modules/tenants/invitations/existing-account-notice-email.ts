import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export interface ExistingAccountNotice {
  to: string;
  landlordName: string;
  propertyAddress: string;
  supportEmail: string;
}

/**
 * To the owner of an address a landlord tried to add as a tenant when it already has an account:
 * the landlord only learns it could not be added, the owner learns who tried.
 */
export function existingAccountNoticeEmail({ to, landlordName, propertyAddress, supportEmail }: ExistingAccountNotice): SendEmailJob {
  const subject = `${landlordName} tried to add you as a tenant on Rentwise`;
  const paragraphs = [
    `${landlordName} tried to add this email address as a tenant of ${propertyAddress}. It already belongs to a Rentwise account, so nothing was changed and your account stays as it is.`,
    `If you are moving in, tell ${landlordName} which email to use, or write to ${supportEmail}. If you don't know them, you can ignore this email.`,
    'The Rentwise team',
  ];
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:system-ui,sans-serif;color:#0f1b2d;line-height:1.5">${paragraphs
    .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
    .join('')}</body></html>`;
  return { to, subject, text: paragraphs.join('\n\n'), html };
}
