import { escapeHtml } from '../email-layout';
import { ReceivedEmail } from './smtp-sink';

/** Escapes the text, then turns each http(s) URL in it into a link. */
const linkify = (text: string): string =>
  escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);

/**
 * What the page may load: nothing but its own inline styles, the email frames (srcdoc, which
 * inherit this policy, so an email runs no script and loads nothing but images) and the images
 * emails show, the logo from PUBLIC_URL among them.
 */
export function mailboxPagePolicy(publicUrl: string): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `img-src 'self' data: ${new URL(publicUrl).origin}`,
    "frame-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** The frame's sandbox: no script, no same origin; a link opens in a new tab as a page of its own. */
const SANDBOX = 'allow-popups allow-popups-to-escape-sandbox';

/** Links in an email open in a new tab, not inside its frame. */
function withLinksInNewTabs(html: string): string {
  const base = '<base target="_blank">';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}${base}`) : `${base}${html}`;
}

const STYLE = `
  :root{color-scheme:light dark}
  body{font-family:system-ui,sans-serif;margin:0;background:#f6f8fa;color:#1f2328}
  header{background:#0b3d5c;color:#fff;padding:16px 24px}
  main{max-width:960px;margin:0 auto;padding:24px}
  article{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:16px 20px;margin-bottom:16px}
  h1{font-size:20px;margin:0} h2{font-size:17px;margin:0 0 4px;overflow-wrap:anywhere}
  .meta{color:#57606a;font-size:14px;margin-bottom:12px;overflow-wrap:anywhere}
  .frame{resize:vertical;overflow:hidden;height:640px;min-height:160px;border:1px solid #d0d7de;border-radius:6px}
  .frame iframe{display:block;width:100%;height:100%;border:0}
  details{margin-top:12px} summary{cursor:pointer;font-weight:600;min-height:44px;display:flex;align-items:center}
  pre{white-space:pre-wrap;word-break:break-word;font:14px/1.5 ui-monospace,monospace;margin:0}
  a{color:#0a58ca}
  @media (max-width:600px){main{padding:12px 8px} article{padding:12px} header{padding:12px 16px}}
  @media (prefers-color-scheme:dark){
    body{background:#0d1117;color:#e6edf3} article{background:#161b22;border-color:#30363d}
    .meta{color:#9198a1} .frame{border-color:#30363d} a{color:#6cb6ff}
  }
`;

function messageHtml(message: ReceivedEmail): string {
  const text = `<pre>${linkify(message.text)}</pre>`;
  const body = message.html
    ? `<div class="frame"><iframe title="${escapeHtml(`Email: ${message.subject}`)}" sandbox="${SANDBOX}" loading="lazy" srcdoc="${escapeHtml(withLinksInNewTabs(message.html))}"></iframe></div>
  <details><summary>Plain text</summary>${text}</details>`
    : text;
  return `<article data-testid="email">
  <h2>${escapeHtml(message.subject)}</h2>
  <div class="meta">To ${escapeHtml(message.to.join(', '))} · ${escapeHtml(message.receivedAt)}</div>
  ${body}
</article>`;
}

/**
 * Development-only page listing what the SMTP sink received: each email's HTML part as its
 * recipient would see it, in a sandboxed frame, and its plain-text part with every link clickable.
 */
export function renderMailboxPage(messages: ReceivedEmail[]): string {
  const items = messages.length
    ? messages.map(messageHtml).join('\n')
    : '<p>No email yet. Messages the product sends in development appear here.</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev mailbox · Rentwise</title>
<style>${STYLE}</style></head>
<body><header><h1>Development mailbox</h1></header><main>${items}</main></body></html>`;
}
