/** Plain, inline-styled HTML that mail clients render alike; every value is escaped. */

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export function paragraph(html: string): string {
  return `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2328">${html}</p>`;
}

export function heading(text: string): string {
  return `<h2 style="margin:24px 0 8px;font-size:18px;line-height:1.3;color:#3448c5">${escapeHtml(text)}</h2>`;
}

export function button(label: string, url: string): string {
  return `<p style="margin:0 0 16px"><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#3448c5;color:#ffffff;font-weight:600;font-size:16px;text-decoration:none">${escapeHtml(label)}</a></p>`;
}

export function link(label: string, url: string): string {
  return `<a href="${escapeHtml(url)}" style="color:#2a3aa6">${escapeHtml(label)}</a>`;
}

export function emailDocument(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px 12px;background:#f6f8fa;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid #d0d7de;border-radius:12px">
<tr><td style="padding:28px 28px 8px;font-size:20px;font-weight:700;color:#3448c5">Rentwise</td></tr>
<tr><td style="padding:8px 28px 20px">${body}</td></tr>
</table>
</td></tr></table>
</body></html>`;
}
