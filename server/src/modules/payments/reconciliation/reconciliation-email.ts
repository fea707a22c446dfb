import { formatCents } from '@rentwise/libs/money';
import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';
import type { Difference, DifferenceKind } from './reconciliation-rules';

/** How many differences the email lists; the operator page has them all. */
export const LISTED_DIFFERENCES = 50;

export interface AccountDifference extends Difference {
  accountId: string;
}

export interface ReconciliationEmailInput {
  to: string;
  firstName: string;
  /** The gateway's name: stripe, sandbox. */
  provider: string;
  accounts: number;
  differences: AccountDifference[];
  pageUrl: string;
}

const KIND_LABELS: Record<DifferenceKind, string> = {
  missing_journal: 'Missing journal',
  extra_journal: 'Extra journal',
  amount_differs: 'Different amount',
};

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const amount = (cents: number | null): string => (cents === null ? 'none' : formatCents(cents));
const when = (date: Date): string => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const providerLabel = (provider: string): string => provider.charAt(0).toUpperCase() + provider.slice(1);

/**
 * Tells an operator that a reconciliation run found the provider's balance and the ledger apart:
 * one line per difference (what, which account and key, both amounts, when) and a link to the
 * operator page, where they stay until a run no longer finds them.
 */
export function reconciliationEmail(input: ReconciliationEmailInput): SendEmailJob {
  const count = input.differences.length;
  const provider = providerLabel(input.provider);
  const subject = `Reconciliation: ${count} difference${count === 1 ? '' : 's'} between ${provider} and the ledger`;
  const listed = input.differences.slice(0, LISTED_DIFFERENCES);
  const more = count - listed.length;
  const intro = `Today's reconciliation compared ${provider}'s balance transactions with the ledger for ${input.accounts} connected account${input.accounts === 1 ? '' : 's'} and found ${count} difference${count === 1 ? '' : 's'}:`;
  const lineOf = (difference: AccountDifference): string =>
    `${KIND_LABELS[difference.kind]}: ${difference.reference} (account ${difference.accountId}), ${provider} ${amount(difference.providerAmountCents)}, ledger ${amount(difference.ledgerAmountCents)}, ${when(difference.occurredAt)}`;
  const text = [
    `Hi ${input.firstName},`,
    intro,
    listed.map((difference) => `- ${lineOf(difference)}`).join('\n') + (more > 0 ? `\n- and ${more} more on the page` : ''),
    'A missing journal is money the provider moved that the ledger does not have; an extra journal is the other way round. Each stays on the page until a run no longer finds it.',
    `Open the reconciliation page: ${input.pageUrl}`,
    'Rentwise',
  ].join('\n\n');
  const cell = 'padding:6px 8px;border-top:1px solid #e1e6ee;font-size:14px;vertical-align:top';
  const money = `${cell};text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap`;
  const rows = listed
    .map(
      (difference) =>
        `<tr><td style="${cell}">${escapeHtml(KIND_LABELS[difference.kind])}</td>` +
        `<td style="${cell};word-break:break-all">${escapeHtml(difference.reference)}</td>` +
        `<td style="${money}">${escapeHtml(amount(difference.providerAmountCents))}</td>` +
        `<td style="${money}">${escapeHtml(amount(difference.ledgerAmountCents))}</td>` +
        `<td style="${cell};white-space:nowrap">${escapeHtml(when(difference.occurredAt))}</td></tr>`,
    )
    .join('');
  const header = ['What', 'Key', provider, 'Ledger', 'When']
    .map((label, index) => `<th style="padding:6px 8px;font-size:13px;color:#4b5768;text-align:${index === 2 || index === 3 ? 'right' : 'left'}">${escapeHtml(label)}</th>`)
    .join('');
  const url = escapeHtml(input.pageUrl);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px 12px;background:#f5f7fa;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#0f1b2d;line-height:1.5">
<div style="max-width:720px;margin:0 auto;background:#ffffff;border:1px solid #e1e6ee;border-radius:14px;padding:32px">
<p style="margin:0 0 24px;font-weight:700;font-size:20px;color:#3448c5">Rentwise</p>
<p style="margin:0 0 16px">Hi ${escapeHtml(input.firstName)},</p>
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:0 0 16px;border-collapse:collapse"><tr>${header}</tr>${rows}</table>
${more > 0 ? `<p style="margin:0 0 16px">And ${more} more on the page.</p>` : ''}
<p style="margin:0 0 16px;font-size:14px;color:#4b5768">A missing journal is money the provider moved that the ledger does not have; an extra journal is the other way round. Each stays on the page until a run no longer finds it.</p>
<p style="margin:24px 0"><a href="${url}" style="display:inline-block;background:#3448c5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:10px;font-weight:600">Open the reconciliation page</a></p>
</div></body></html>`;
  return { to: input.to, subject, text, html };
}
