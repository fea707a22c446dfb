import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export interface Invitation {
  to: string;
  tenantFirstName: string;
  landlordName: string;
  propertyAddress: string;
  /** The single-use create-password link. */
  createPasswordUrl: string;
  /** Where to sign in once the password exists. */
  signInUrl: string;
}

/** The email a tenant gets when their landlord adds them: who, where, and the link to start. */
export function invitationEmail(invitation: Invitation): SendEmailJob {
  const { to, tenantFirstName, landlordName, propertyAddress, createPasswordUrl, signInUrl } = invitation;
  const subject = `${landlordName} invited you to pay rent with Rentwise`;
  const intro = `${landlordName} added you as a tenant of ${propertyAddress} on Rentwise, so you can pay your rent online by card and keep every receipt in one place.`;
  const steps = 'Create your password to get started. After that, sign in any time to pay rent and see your payment history.';
  const expiry = `The link works once, for 7 days. If it has expired, ask ${landlordName} to send a new invitation.`;
  const ignore = "Not expecting this? You can ignore this email; nothing happens until a password is created.";

  const url = escapeHtml(createPasswordUrl);
  const paragraph = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px 12px;background:#f5f7fa;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#0f1b2d;line-height:1.5">
<div style="max-width:540px;margin:0 auto;background:#ffffff;border:1px solid #e1e6ee;border-radius:14px;padding:32px">
<p style="margin:0 0 24px;font-weight:700;font-size:20px;color:#3448c5">Rentwise</p>
<p style="margin:0 0 16px">Hi ${escapeHtml(tenantFirstName)},</p>
${paragraph(intro)}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;width:100%;background:#eef1f5;border-radius:10px"><tr><td style="padding:12px 16px">
<div style="font-size:13px;color:#4b5768">Your home</div>
<div style="font-weight:600">${escapeHtml(propertyAddress)}</div>
</td></tr></table>
${paragraph(steps)}
<p style="margin:24px 0"><a href="${url}" style="display:inline-block;background:#3448c5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:10px;font-weight:600">Create your password</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#4b5768">Or paste this link into your browser:<br><a href="${url}" style="color:#3448c5;word-break:break-all">${url}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#4b5768">${escapeHtml(expiry)} Already have a password? <a href="${escapeHtml(signInUrl)}" style="color:#3448c5">Sign in</a>.</p>
<p style="margin:0 0 16px;font-size:14px;color:#4b5768">${escapeHtml(ignore)}</p>
<p style="margin:24px 0 0;font-size:14px;color:#4b5768">The Rentwise team</p>
</div></body></html>`;
  const text = [
    `Hi ${tenantFirstName},`,
    intro,
    `Your home: ${propertyAddress}`,
    steps,
    `Create your password: ${createPasswordUrl}`,
    `${expiry} Already have a password? Sign in at ${signInUrl}`,
    ignore,
    'The Rentwise team',
  ].join('\n\n');
  return { to, subject, html, text };
}
