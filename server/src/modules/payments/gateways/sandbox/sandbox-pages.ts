import { SandboxAccount } from './sandbox-accounts';
import { payoutStatusOf, PayoutStatus } from '@rentwise/libs/payout-status';

/**
 * The sandbox's stand-ins for Stripe's hosted pages: self-contained HTML (inline styles, no
 * scripts, plain form posts), so they work under the strict CSP and without the client app.
 */

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px 16px;
    font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f6f8fa;color:#1f2328}
  main{width:100%;max-width:440px;background:#fff;border:1px solid #d0d7de;border-radius:12px;padding:32px 28px;
    box-shadow:0 1px 3px rgba(31,35,40,.06)}
  .badge{display:inline-block;font-size:12px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;
    color:#7d4e00;background:#fff8c5;border:1px solid #eac54f;border-radius:999px;padding:2px 10px;margin-bottom:16px}
  h1{font-size:22px;line-height:1.3;margin:0 0 8px}
  p{margin:0 0 16px;color:#424a53}
  dl{margin:0 0 24px;border-top:1px solid #d8dee4}
  dl div{display:flex;justify-content:space-between;gap:16px;padding:10px 0;border-bottom:1px solid #d8dee4}
  dt{color:#59636e} dd{margin:0;font-weight:500;text-align:right;word-break:break-all}
  code{font:14px ui-monospace,SFMono-Regular,Menlo,monospace}
  form{margin:0} .actions{display:flex;flex-direction:column;gap:12px;margin-top:24px}
  button,.button{display:flex;align-items:center;justify-content:center;width:100%;min-height:44px;padding:10px 16px;
    font:inherit;font-weight:600;border-radius:8px;cursor:pointer;text-decoration:none}
  .primary{background:#0b3d5c;color:#fff;border:1px solid #0b3d5c}
  .primary:hover{background:#0e4d74}
  .secondary{background:#fff;color:#0b3d5c;border:1px solid #d0d7de}
  .secondary:hover{background:#f6f8fa}
  button:focus-visible,.button:focus-visible{outline:3px solid #0969da;outline-offset:2px}
  .status{font-weight:600} .active{color:#1a7f37} .pending{color:#7d4e00} .restricted{color:#cf222e}
  .note{font-size:14px;color:#59636e;margin:24px 0 0}
`;

const STATUS_LABELS: Record<PayoutStatus, string> = {
  active: 'Active',
  pending: 'Pending',
  restricted: 'Restricted',
};

function layout(title: string, content: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head>
<body><main>
<span class="badge">Sandbox · no real money moves</span>
${content}
</main></body></html>`;
}

function hiddenFields(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
}

function details(rows: [string, string][]): string {
  return `<dl>${rows.map(([term, value]) => `<div><dt>${escapeHtml(term)}</dt><dd>${value}</dd></div>`).join('')}</dl>`;
}

function statusOf(account: SandboxAccount): string {
  const status = payoutStatusOf(account);
  return `<span class="status ${status}">${STATUS_LABELS[status]}</span>`;
}

export function onboardingPage(account: SandboxAccount, action: string, fields: Record<string, string>): string {
  return layout(
    'Sandbox payout account',
    `<h1>Sandbox payout account</h1>
<p>This page stands in for Stripe's hosted onboarding while Rentwise runs without Stripe keys.
Continue to mark the account ready for card payments and payouts and return to Rentwise.</p>
${details([
  ['Account', `<code>${escapeHtml(account.accountId)}</code>`],
  ['Email', escapeHtml(account.email ?? '—')],
  ['Status', statusOf(account)],
])}
<form method="post" action="${escapeHtml(action)}">${hiddenFields(fields)}
<div class="actions">
<button type="submit" name="decision" value="complete" class="primary">Continue</button>
<button type="submit" name="decision" value="later" class="secondary">Return without finishing</button>
</div></form>`,
  );
}

export function oauthPage(action: string, fields: Record<string, string>, email: string | undefined): string {
  return layout(
    'Sandbox payout account',
    `<h1>Connect your existing payout account</h1>
<p>With Stripe, this is where you sign in to your Stripe account and let Rentwise send you rent.
In the sandbox, Continue connects a ready-to-use sandbox account.</p>
${email ? details([['Email', escapeHtml(email)]]) : ''}
<form method="post" action="${escapeHtml(action)}">${hiddenFields(fields)}
<div class="actions">
<button type="submit" name="decision" value="allow" class="primary">Continue</button>
<button type="submit" name="decision" value="deny" class="secondary">Cancel</button>
</div></form>`,
  );
}

export function dashboardPage(
  account: SandboxAccount,
  action: string,
  fields: Record<string, string>,
  homeUrl: string,
): string {
  const ready = account.chargesEnabled && account.payoutsEnabled;
  return layout(
    'Sandbox payout dashboard',
    `<h1>Sandbox payout dashboard</h1>
<p>Where a landlord would see balances and payouts at Stripe. Nothing is paid out in the sandbox.</p>
${details([
  ['Account', `<code>${escapeHtml(account.accountId)}</code>`],
  ['Email', escapeHtml(account.email ?? '—')],
  ['Status', statusOf(account)],
  ['Card payments', account.chargesEnabled ? 'Enabled' : 'Paused'],
  ['Payouts', account.payoutsEnabled ? 'Enabled' : 'Paused'],
])}
<div class="actions">
<a class="button primary" href="${escapeHtml(homeUrl)}">Back to Rentwise</a>
<form method="post" action="${escapeHtml(action)}">${hiddenFields(fields)}
<button type="submit" name="decision" value="${ready ? 'restrict' : 'activate'}" class="secondary">${
      ready ? 'Simulate: pause payouts' : 'Simulate: approve account'
    }</button>
</form></div>
<p class="note">Simulated changes send <code>account.updated</code>, as Stripe does.</p>`,
  );
}

export function problemPage(heading: string, message: string): string {
  return layout('Sandbox payout account', `<h1>${escapeHtml(heading)}</h1><p>${escapeHtml(message)}</p>`);
}
