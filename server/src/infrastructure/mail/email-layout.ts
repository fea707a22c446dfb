import type { SendEmailJob } from './send-email.job';

/**
 * The one layout of every email the product sends (decision 0035). An email is written once, as
 * content; the HTML part and the plain-text part are both made from it, so they cannot drift apart.
 */

/** The house mark (client/public/email-logo.png), served from PUBLIC_URL; a new mark takes a new name, as it is cached for good. */
export const EMAIL_LOGO_PATH = '/email-logo.png';

export type EmailBlock =
  /** A paragraph. */
  | string
  | { heading: string }
  /** A quieter, smaller paragraph: how long a link works, what to do if it was not you. */
  | { note: string }
  /** A paragraph that must not be missed, such as a deadline. */
  | { emphasis: string }
  /** One value set apart, with what it is: "Your home", "The reason". */
  | { callout: { label: string; text: string } }
  /** Fields as a table: label on the left, value on the right (tabular figures). */
  | { table: [label: string, value: string][] }
  | { list: string[] }
  /** The one primary action. `showUrl` adds the address under it, for links people may need to paste. */
  | { button: { label: string; url: string; showUrl?: boolean } }
  /** A secondary link, plain: `lead` is the sentence before it. */
  | { link: { lead?: string; label: string; url: string } };

export interface EmailContent {
  to: string;
  subject: string;
  /** The product's address (PUBLIC_URL): the logo is served from it and the footer links to it. */
  publicUrl: string;
  /** What inboxes show after the subject; the first paragraph when not given. */
  preheader?: string;
  /** "Hi Sam," */
  greeting: string;
  blocks: EmailBlock[];
  /** A line before the signature ("Kind regards,"). */
  closing?: string;
  /** Why this person gets this email, or what to keep it for; the first line of the footer. */
  footer?: string;
}

const SIGNATURE = 'The Rentwise team';
const TAGLINE = 'rent collection for landlords and tenants';

/** The product's colours (client/src/styles/tokens.css), and their dark twins for mail apps in dark mode. */
const LIGHT = {
  page: '#f5f7fa',
  surface: '#ffffff',
  sunken: '#eef1f5',
  text: '#0f1b2d',
  muted: '#4b5768',
  border: '#e1e6ee',
  primary: '#3448c5',
  onPrimary: '#ffffff',
} as const;
const DARK = {
  page: '#0b1220',
  surface: '#141c2b',
  sunken: '#1c2638',
  text: '#e6eaf2',
  muted: '#a9b3c4',
  border: '#2a3447',
  primary: '#4c5fd7',
  link: '#c7d0ff',
} as const;
const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif";

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Only web and mail links: a value that could run script never reaches an href. */
function href(url: string): string {
  if (!/^(https?:|mailto:)/i.test(url)) throw new Error(`An email link must be http(s) or mailto: ${url}`);
  return escapeHtml(url);
}

const CLASSES = `
:root{color-scheme:light dark;supported-color-schemes:light dark}
body{margin:0;padding:0;width:100%;-webkit-text-size-adjust:100%;-ms-text-size-adjust:100%}
a{color:${LIGHT.primary}}
@media (max-width:480px){
  .rw-outer{padding:16px 8px !important}
  .rw-card-cell{padding:24px 20px !important}
  .rw-button-table{width:100% !important}
  .rw-button{display:block !important}
}
@media (prefers-color-scheme:dark){
  .rw-page{background:${DARK.page} !important}
  .rw-card{background:${DARK.surface} !important;border-color:${DARK.border} !important}
  .rw-text{color:${DARK.text} !important}
  .rw-muted{color:${DARK.muted} !important}
  .rw-rule{border-color:${DARK.border} !important}
  .rw-sunken{background:${DARK.sunken} !important}
  .rw-link{color:${DARK.link} !important}
  .rw-button-cell{background:${DARK.primary} !important}
}`;

const paragraphStyle = `margin:0 0 16px;font-size:16px;line-height:24px;color:${LIGHT.text}`;
const noteStyle = `margin:0 0 16px;font-size:14px;line-height:21px;color:${LIGHT.muted}`;
const linkStyle = `color:${LIGHT.primary};font-weight:600;text-decoration:underline`;

function blockHtml(block: EmailBlock): string {
  if (typeof block === 'string') return `<p class="rw-text" style="${paragraphStyle}">${escapeHtml(block)}</p>`;
  if ('heading' in block) {
    return `<h2 class="rw-text" style="margin:24px 0 12px;font-size:18px;line-height:24px;font-weight:600;color:${LIGHT.text}">${escapeHtml(block.heading)}</h2>`;
  }
  if ('note' in block) return `<p class="rw-muted" style="${noteStyle}">${escapeHtml(block.note)}</p>`;
  if ('emphasis' in block) return `<p class="rw-text" style="${paragraphStyle};font-weight:600">${escapeHtml(block.emphasis)}</p>`;
  if ('callout' in block) {
    return (
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;border-collapse:separate">` +
      `<tr><td class="rw-sunken" style="padding:12px 16px;background:${LIGHT.sunken};border-radius:10px">` +
      `<div class="rw-muted" style="font-size:13px;line-height:18px;color:${LIGHT.muted}">${escapeHtml(block.callout.label)}</div>` +
      `<div class="rw-text" style="font-size:16px;line-height:24px;font-weight:600;color:${LIGHT.text};overflow-wrap:anywhere">${escapeHtml(block.callout.text)}</div>` +
      `</td></tr></table>`
    );
  }
  if ('table' in block) {
    const cell = `padding:10px 0;border-top:1px solid ${LIGHT.border};vertical-align:top;font-size:15px;line-height:22px`;
    const rows = block.table
      .map(
        ([label, value]) =>
          `<tr><th scope="row" class="rw-muted rw-rule" style="${cell};padding-right:16px;text-align:left;font-weight:400;color:${LIGHT.muted};white-space:nowrap">${escapeHtml(label)}</th>` +
          `<td class="rw-text rw-rule" style="${cell};text-align:right;font-weight:600;color:${LIGHT.text};font-variant-numeric:tabular-nums;overflow-wrap:anywhere;word-break:break-word">${escapeHtml(value)}</td></tr>`,
      )
      .join('');
    return `<table width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 24px;border-collapse:collapse;font-family:${FONT}">${rows}</table>`;
  }
  if ('list' in block) {
    const items = block.list
      .map((item) => `<li class="rw-text" style="margin:0 0 8px;font-size:15px;line-height:22px;color:${LIGHT.text};font-variant-numeric:tabular-nums">${escapeHtml(item)}</li>`)
      .join('');
    return `<ul style="margin:0 0 16px;padding:0 0 0 20px">${items}</ul>`;
  }
  if ('button' in block) {
    const { label, url, showUrl } = block.button;
    const button =
      `<table role="presentation" class="rw-button-table" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;border-collapse:separate">` +
      `<tr><td class="rw-button-cell" align="center" bgcolor="${LIGHT.primary}" style="border-radius:10px;background:${LIGHT.primary}">` +
      `<a class="rw-button" href="${href(url)}" style="display:inline-block;padding:14px 24px;border-radius:10px;font-family:${FONT};font-size:16px;line-height:20px;font-weight:600;color:${LIGHT.onPrimary};text-decoration:none">${escapeHtml(label)}</a>` +
      `</td></tr></table>`;
    const paste = showUrl
      ? `<p class="rw-muted" style="${noteStyle}">Or paste this link into your browser:<br><a class="rw-link" href="${href(url)}" style="color:${LIGHT.primary};word-break:break-all">${escapeHtml(url)}</a></p>`
      : '';
    return button + paste;
  }
  const { lead, label, url } = block.link;
  return `<p class="rw-text" style="${paragraphStyle}">${lead ? `${escapeHtml(lead)} ` : ''}<a class="rw-link" href="${href(url)}" style="${linkStyle}">${escapeHtml(label)}</a></p>`;
}

function blockText(block: EmailBlock): string {
  if (typeof block === 'string') return block;
  if ('heading' in block) return block.heading;
  if ('note' in block) return block.note;
  if ('emphasis' in block) return block.emphasis;
  if ('callout' in block) return `${block.callout.label}: ${block.callout.text}`;
  if ('table' in block) return block.table.map(([label, value]) => `${label}: ${value}`).join('\n');
  if ('list' in block) return block.list.map((item) => `- ${item}`).join('\n');
  if ('button' in block) return `${block.button.label}: ${block.button.url}`;
  // A link ends its line, so that whoever reads the text (a person, a test, a mail app) finds where it ends.
  return `${block.link.lead ? `${block.link.lead} ` : ''}${block.link.label}: ${block.link.url}`;
}

function preheaderHtml(preheader: string): string {
  // Hidden; the spacers stop inboxes from pulling the body's first words in after it.
  return (
    `<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;font-size:1px;line-height:1px;color:${LIGHT.page}">` +
    `${escapeHtml(preheader)}${'&#8199;&#847; '.repeat(40)}</div>`
  );
}

/** The email's HTML and plain-text parts, from the same content. */
export function renderEmail(content: EmailContent): SendEmailJob {
  const buttons = content.blocks.filter((block) => typeof block !== 'string' && 'button' in block).length;
  if (buttons > 1) throw new Error(`An email has one primary button; "${content.subject}" has ${buttons}`);
  const home = href(content.publicUrl);
  const logo = escapeHtml(new URL(EMAIL_LOGO_PATH, content.publicUrl).toString());
  const preheader = content.preheader ?? content.blocks.find((block): block is string => typeof block === 'string') ?? '';
  const sentTo = `This email was sent to ${content.to} by Rentwise, ${TAGLINE}.`;
  const signature = content.closing
    ? `${escapeHtml(content.closing)}<br>${SIGNATURE}`
    : SIGNATURE;

  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(content.subject)}</title>
<style>${CLASSES}</style>
</head>
<body class="rw-page" style="margin:0;padding:0;background:${LIGHT.page}">
${preheader ? preheaderHtml(preheader) : ''}
<table role="presentation" class="rw-page" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${LIGHT.page}">
<tr><td class="rw-outer" align="center" style="padding:32px 12px">
<!--[if mso]><table role="presentation" width="560" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;margin:0 auto;font-family:${FONT}">
<tr><td style="padding:0 4px 16px">
<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
<td style="padding:0 10px 0 0;vertical-align:middle"><a href="${home}"><img src="${logo}" width="32" height="32" alt="" style="display:block;width:32px;height:32px;border:0"></a></td>
<td style="vertical-align:middle"><a class="rw-text" href="${home}" style="font-family:${FONT};font-size:20px;line-height:24px;font-weight:700;letter-spacing:-0.5px;color:${LIGHT.text};text-decoration:none">Rentwise</a></td>
</tr></table>
</td></tr>
<tr><td class="rw-card rw-card-cell" style="padding:32px;background:${LIGHT.surface};border:1px solid ${LIGHT.border};border-radius:14px;font-family:${FONT}">
<p class="rw-text" style="${paragraphStyle}">${escapeHtml(content.greeting)}</p>
${content.blocks.map(blockHtml).join('\n')}
<p class="rw-text" style="margin:24px 0 0;font-size:16px;line-height:24px;color:${LIGHT.text}">${signature}</p>
</td></tr>
<tr><td class="rw-muted" style="padding:20px 8px 0;font-family:${FONT};font-size:13px;line-height:20px;color:${LIGHT.muted};text-align:center">
${content.footer ? `<p style="margin:0 0 8px">${escapeHtml(content.footer)}</p>` : ''}<p style="margin:0">This email was sent to ${escapeHtml(content.to)} by <a class="rw-link" href="${home}" style="color:${LIGHT.muted};text-decoration:underline">Rentwise</a>, ${TAGLINE}.</p>
</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>`;

  const text = [
    content.greeting,
    ...content.blocks.map(blockText),
    content.closing ? `${content.closing}\n${SIGNATURE}` : SIGNATURE,
    ['-- ', ...(content.footer ? [content.footer] : []), sentTo, content.publicUrl].join('\n'),
  ].join('\n\n');
  return { to: content.to, subject: content.subject, html, text };
}
