import { formatCents } from '@rentwise/libs/money';
import type { DevToolsCharge, DevToolsOverview } from './sandbox-dev-tools';

/** Where the page posts its actions (a plain form, so it works under the strict CSP without scripts). */
export const SANDBOX_DEV_TOOLS_PATH = '/dev/sandbox';

export interface DevToolsNotice {
  tone: 'done' | 'problem';
  text: string;
}

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const when = (date: Date): string => date.toISOString().replace('T', ' ').slice(0, 16);

const STYLE = `
  *{box-sizing:border-box}
  body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f6f8fa;color:#1f2328}
  header{background:#0b3d5c;color:#fff;padding:16px 24px}
  header h1{font-size:20px;margin:0} header p{margin:4px 0 0;color:#cfe3f1;font-size:14px}
  header a{color:#fff}
  main{max-width:1100px;margin:0 auto;padding:24px 16px;display:grid;gap:24px}
  section{background:#fff;border:1px solid #d0d7de;border-radius:10px;padding:16px 20px;overflow-x:auto}
  h2{font-size:17px;margin:0 0 4px} .hint{color:#59636e;font-size:14px;margin:0 0 12px}
  table{border-collapse:collapse;width:100%;font-size:14px}
  th,td{text-align:left;padding:8px;border-top:1px solid #d8dee4;vertical-align:middle}
  th{color:#59636e;font-weight:600;border-top:0}
  .num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
  code{font:13px ui-monospace,SFMono-Regular,Menlo,monospace}
  form{display:inline-flex;gap:6px;margin:2px 4px 2px 0}
  button{min-height:36px;padding:6px 12px;font:inherit;font-weight:600;border-radius:6px;cursor:pointer;
    background:#fff;color:#0b3d5c;border:1px solid #d0d7de}
  button.primary{background:#0b3d5c;color:#fff;border-color:#0b3d5c}
  button:focus-visible{outline:3px solid #0969da;outline-offset:2px}
  .notice{padding:12px 16px;border-radius:8px;font-weight:500}
  .done{background:#dafbe1;border:1px solid #4ac26b} .problem{background:#ffebe9;border:1px solid #ff8182}
  .tag{display:inline-block;font-size:12px;font-weight:600;border-radius:999px;padding:1px 8px;background:#eef1f5}
  .tag.warn{background:#fff8c5;color:#7d4e00} .tag.ok{background:#dafbe1;color:#1a7f37} .tag.bad{background:#ffebe9;color:#cf222e}
  label{font-size:13px;color:#59636e;display:inline-flex;gap:4px;align-items:center}
`;

function form(action: string, fields: Record<string, string>, label: string, primary = false): string {
  const hidden = Object.entries({ action, ...fields })
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<form method="post" action="${SANDBOX_DEV_TOOLS_PATH}">${hidden}<button type="submit"${primary ? ' class="primary"' : ''}>${escapeHtml(label)}</button></form>`;
}

function chargeState(charge: DevToolsCharge): string {
  const tags: string[] = [];
  if (charge.refundedCents >= charge.amountCents) tags.push('<span class="tag warn">Refunded</span>');
  else if (charge.refundedCents > 0) tags.push(`<span class="tag warn">Refunded ${formatCents(charge.refundedCents)}</span>`);
  if (charge.dispute?.status === 'needs_response') tags.push('<span class="tag warn">Dispute open</span>');
  if (charge.dispute?.status === 'won') tags.push('<span class="tag ok">Dispute won</span>');
  if (charge.dispute?.status === 'lost') tags.push('<span class="tag bad">Dispute lost</span>');
  return tags.join(' ') || '<span class="tag ok">Paid</span>';
}

function chargeActions(charge: DevToolsCharge): string {
  const ids = { account: charge.accountId, charge: charge.chargeId };
  const actions: string[] = [];
  const open = charge.dispute?.status === 'needs_response';
  if (charge.refundedCents < charge.amountCents && !open && charge.dispute?.status !== 'lost') {
    actions.push(form('refund', ids, 'Refund'));
  }
  if (open) {
    const dispute = { account: charge.accountId, dispute: charge.dispute!.disputeId };
    actions.push(form('win-dispute', dispute, 'Close dispute: won'), form('lose-dispute', dispute, 'Close dispute: lost'));
  } else if (!charge.dispute) {
    // As on Stripe, a refunded charge can still be disputed: the landlord is then down it twice.
    actions.push(form('open-dispute', ids, 'Open dispute'));
  }
  return actions.join('');
}

/**
 * Development only: the sandbox provider's money tools. A person refunds a payment, opens and closes
 * a dispute, or pays out a landlord's balance; each sends Stripe's events, signed, to our endpoint,
 * and the last table shows them arrive. Self-contained HTML, like the sandbox's hosted pages.
 */
export function renderSandboxDevToolsPage(overview: DevToolsOverview, notice?: DevToolsNotice): string {
  const bankDebits = overview.bankDebits.length
    ? `<table><thead><tr><th>Sent</th><th>Payment</th><th>Landlord account</th><th class="num">Amount</th><th>Settles</th><th>Actions</th></tr></thead><tbody>
${overview.bankDebits
  .map(
    (debit) => `<tr data-bank-debit="${escapeHtml(debit.chargeId)}"><td>${when(debit.createdAt)}</td>
<td>${escapeHtml(debit.description)}<br><code>${escapeHtml(debit.chargeId)}</code> · ${escapeHtml(debit.account)}</td>
<td>${escapeHtml(debit.accountEmail ?? debit.accountId)}</td><td class="num">${formatCents(debit.amountCents)}</td>
<td>${debit.settlesAt ? when(debit.settlesAt) : 'Never by itself'}</td>
<td>${form('settle-bank-debit', { account: debit.accountId, charge: debit.chargeId }, 'Settle now', true)}${form(
      'return-bank-debit',
      { account: debit.accountId, charge: debit.chargeId },
      'Return as insufficient funds',
    )}</td></tr>`,
  )
  .join('\n')}</tbody></table>`
    : '<p class="hint">No bank payments processing. Pay rent as a tenant from a sandbox bank account first.</p>';

  const charges = overview.charges.length
    ? `<table><thead><tr><th>Charged</th><th>Payment</th><th>Landlord account</th><th class="num">Amount</th><th>State</th><th>Actions</th></tr></thead><tbody>
${overview.charges
  .map(
    (charge) => `<tr data-charge="${escapeHtml(charge.chargeId)}"><td>${when(charge.chargedAt)}</td>
<td>${escapeHtml(charge.description)}<br><code>${escapeHtml(charge.chargeId)}</code> · ${escapeHtml(charge.card)}</td>
<td>${escapeHtml(charge.accountEmail ?? charge.accountId)}</td><td class="num">${formatCents(charge.amountCents)}</td>
<td>${chargeState(charge)}</td><td>${chargeActions(charge)}</td></tr>`,
  )
  .join('\n')}</tbody></table>`
    : '<p class="hint">No payments yet. Pay rent as a tenant with a sandbox card or bank account first.</p>';

  const balances = overview.balances.length
    ? `<table><thead><tr><th>Landlord account</th><th class="num">Lines</th><th class="num">Not yet paid out</th><th>Action</th></tr></thead><tbody>
${overview.balances
  .map(
    (balance) => `<tr data-account="${escapeHtml(balance.accountId)}"><td>${escapeHtml(balance.accountEmail ?? '—')}<br><code>${escapeHtml(balance.accountId)}</code></td>
<td class="num">${balance.lines}</td><td class="num">${formatCents(balance.availableCents)}</td>
<td>${balance.availableCents > 0 ? form('pay-out', { account: balance.accountId }, 'Pay out', true) : 'Nothing to pay out'}</td></tr>`,
  )
  .join('\n')}</tbody></table>`
    : '<p class="hint">Every balance has been paid out.</p>';

  const payouts = overview.payouts.length
    ? `<table><thead><tr><th>Initiated</th><th>Payout</th><th>Landlord account</th><th class="num">Amount</th></tr></thead><tbody>
${overview.payouts
  .map(
    (payout) => `<tr><td>${when(payout.createdAt)}</td><td><code>${escapeHtml(payout.payoutId)}</code></td>
<td>${escapeHtml(payout.accountEmail ?? payout.accountId)}</td><td class="num">${formatCents(payout.amountCents)}</td></tr>`,
  )
  .join('\n')}</tbody></table>`
    : '<p class="hint">No payouts yet.</p>';

  const events = overview.events.length
    ? `<table><thead><tr><th>Received</th><th>Event</th><th>Object</th><th>Status</th><th>Outcome</th></tr></thead><tbody>
${overview.events
  .map(
    (event) => `<tr><td>${when(event.receivedAt)}</td><td><code>${escapeHtml(event.type)}</code></td>
<td><code>${escapeHtml(event.objectId ?? '—')}</code></td><td><span class="tag${event.status === 'failed' ? ' bad' : event.status === 'done' ? ' ok' : ''}">${escapeHtml(event.status)}</span></td>
<td>${escapeHtml(event.outcome ?? '')}</td></tr>`,
  )
  .join('\n')}</tbody></table>`
    : '<p class="hint">No provider events received yet.</p>';

  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<link rel="icon" href="data:,"><title>Sandbox money · Rentwise</title><style>${STYLE}</style></head>
<body><header><h1>Sandbox money tools</h1>
<p>Development only · no real money moves. Each action sends Stripe's events, signed, to our webhook endpoint.
Then look at the <a href="/landlord/payouts">landlord's Payouts</a>, <a href="/landlord/payment-history">payment history</a> and receipts.
<a href="${SANDBOX_DEV_TOOLS_PATH}">Refresh</a></p></header>
<main>
${notice ? `<div class="notice ${notice.tone}" role="status">${escapeHtml(notice.text)}</div>` : ''}
<section aria-labelledby="bank-debits"><h2 id="bank-debits">Bank payments processing</h2>
<p class="hint">A bank payment settles by itself after 4 business days of the sandbox's clock, as its test account says (000222222227 fails for insufficient funds, 000555555559 settles and is then disputed). Settle or return one now to watch either outcome.</p>${bankDebits}</section>
<section aria-labelledby="charges"><h2 id="charges">Payments</h2>
<p class="hint">Refund a payment (in full, out of the landlord's balance; our fee is kept), or open a dispute and decide it. A refunded payment can be disputed too, as on Stripe.</p>${charges}</section>
<section aria-labelledby="balances"><h2 id="balances">Landlord balances</h2>
<p class="hint">Pay out sends everything not yet paid out to the landlord's bank at once, as one deposit.</p>${balances}</section>
<section aria-labelledby="payouts"><h2 id="payouts">Payouts</h2>${payouts}</section>
<section aria-labelledby="events"><h2 id="events">Provider events received</h2>
<p class="hint">Newest first. <code>done</code> means the change reached the ledger or the payout record.</p>${events}</section>
</main></body></html>`;
}
