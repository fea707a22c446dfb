import { ReceivedEmail } from './smtp-sink';

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Escapes the text, then turns each http(s) URL in it into a link. */
const linkify = (text: string): string =>
  escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);

const STYLE = `
  body{font-family:system-ui,sans-serif;margin:0;background:#f6f8fa;color:#1f2328}
  header{background:#0b3d5c;color:#fff;padding:16px 24px}
  main{max-width:960px;margin:0 auto;padding:24px}
  article{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:16px 20px;margin-bottom:16px}
  h1{font-size:20px;margin:0} h2{font-size:17px;margin:0 0 4px}
  .meta{color:#57606a;font-size:14px;margin-bottom:12px}
  pre{white-space:pre-wrap;word-break:break-word;font:14px/1.5 ui-monospace,monospace;margin:0}
  a{color:#0a58ca}
`;

/** Development-only page listing what the SMTP sink received, with every link clickable. */
export function renderMailboxPage(messages: ReceivedEmail[]): string {
  const items = messages.length
    ? messages
        .map(
          (message) => `<article data-testid="email">
  <h2>${escapeHtml(message.subject)}</h2>
  <div class="meta">To ${escapeHtml(message.to.join(', '))} · ${escapeHtml(message.receivedAt)}</div>
  <pre>${linkify(message.text)}</pre>
</article>`,
        )
        .join('\n')
    : '<p>No email yet. Messages the product sends in development appear here.</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev mailbox · Rentwise</title>
<style>${STYLE}</style></head>
<body><header><h1>Development mailbox</h1></header><main>${items}</main></body></html>`;
}
