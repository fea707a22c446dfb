import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

export interface AccountEmail {
  to: string;
  subject: string;
  greetingName: string;
  /** Paragraphs of plain text, before and after the button. */
  before: string[];
  action: { label: string; url: string };
  after: string[];
}

/** One calm layout for the accounts emails: the same words in the HTML and the text body. */
export function renderAccountEmail(email: AccountEmail): SendEmailJob {
  const paragraphs = (lines: string[]) =>
    lines.map((line) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`).join('');
  const url = escapeHtml(email.action.url);
  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f6f8fa;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2933;line-height:1.5">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-weight:700;font-size:20px;color:#0b5cad">Rentwise</p>
<p style="margin:0 0 16px">Hi ${escapeHtml(email.greetingName)},</p>
${paragraphs(email.before)}
<p style="margin:24px 0"><a href="${url}" style="display:inline-block;background:#0b5cad;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(email.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#52606d">Or paste this link into your browser:<br><a href="${url}" style="color:#0b5cad;word-break:break-all">${url}</a></p>
${paragraphs(email.after)}
<p style="margin:24px 0 0;font-size:14px;color:#52606d">The Rentwise team</p>
</div></body></html>`;
  const text = [
    `Hi ${email.greetingName},`,
    ...email.before,
    `${email.action.label}: ${email.action.url}`,
    ...email.after,
    'The Rentwise team',
  ].join('\n\n');
  return { to: email.to, subject: email.subject, html, text };
}
