import { tenantChargeParts } from '@rentwise/libs/fees';
import { formatCents } from '@rentwise/libs/money';
import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';
import type { ReceiptView } from '../receipts/receipt-view';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/New_York' });

/**
 * What the tenant paid and what it was made of: the fee pays for the card processing and is not the
 * landlord's, so the email does not say the landlord was paid it.
 */
function paidFor(receipt: ReceiptView): string {
  const { rentCents, processingFeeCents } = tenantChargeParts(receipt.amountCents, new Date(receipt.paidAt));
  const total = formatCents(receipt.amountCents);
  if (processingFeeCents === 0) return `You paid ${total} in rent to ${receipt.paidTo}.`;
  return `You paid ${total} (${formatCents(rentCents)} rent + ${formatCents(processingFeeCents)} processing fee); the rent goes to ${receipt.paidTo}.`;
}

/** The tenant's receipt after a successful card payment: the receipt screen's fields and a link to it. */
export function receiptEmail(to: string, tenantFirstName: string, receipt: ReceiptView, receiptUrl: string): SendEmailJob {
  const amount = formatCents(receipt.amountCents);
  const subject = `Your rent payment of ${amount} to ${receipt.paidTo}`;
  const rows: [string, string][] = [
    ['Status', receipt.status],
    ['Amount Paid', amount],
    ['Date Paid', dateFormat.format(new Date(receipt.paidAt))],
    ['Paid By', receipt.paidBy],
    ['Paid To', receipt.paidTo],
    ['Payment Method', receipt.paymentMethod],
    ['Property', receipt.propertyAddress],
    ['TransactionID', receipt.transactionId],
  ];
  const intro = `Thank you for your payment. ${paidFor(receipt)}`;
  const table = rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:6px 0;color:#4b5768;font-size:14px">${escapeHtml(label)}</td><td style="padding:6px 0;text-align:right;font-weight:600;font-variant-numeric:tabular-nums">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const url = escapeHtml(receiptUrl);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px 12px;background:#f5f7fa;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#0f1b2d;line-height:1.5">
<div style="max-width:540px;margin:0 auto;background:#ffffff;border:1px solid #e1e6ee;border-radius:14px;padding:32px">
<p style="margin:0 0 24px;font-weight:700;font-size:20px;color:#3448c5">Rentwise</p>
<p style="margin:0 0 16px">Hi ${escapeHtml(tenantFirstName)},</p>
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
<h2 style="margin:24px 0 8px;font-size:18px">Payment Receipt</h2>
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:0 0 16px">${table}</table>
<p style="margin:24px 0"><a href="${url}" style="display:inline-block;background:#3448c5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:10px;font-weight:600">View receipt</a></p>
<p style="margin:24px 0 0;font-size:14px;color:#4b5768">The Rentwise team</p>
</div></body></html>`;
  const text = [
    `Hi ${tenantFirstName},`,
    intro,
    'Payment Receipt',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    `View receipt: ${receiptUrl}`,
    'The Rentwise team',
  ].join('\n\n');
  return { to, subject, html, text };
}
