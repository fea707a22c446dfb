import { formatCents } from '@rentwise/libs/money';
import { renderEmail } from '../../../infrastructure/mail/email-layout';
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
  /** PUBLIC_URL: where the email's logo is served. */
  publicUrl: string;
}

const KIND_LABELS: Record<DifferenceKind, string> = {
  missing_journal: 'Missing journal',
  extra_journal: 'Extra journal',
  amount_differs: 'Different amount',
};

const amount = (cents: number | null): string => (cents === null ? 'none' : formatCents(cents));
const when = (date: Date): string => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const providerLabel = (provider: string): string => provider.charAt(0).toUpperCase() + provider.slice(1);

/**
 * Tells an operator that a reconciliation run found the provider's balance and the ledger apart:
 * one line per difference (what, which account and key, both amounts, when) and a link to the
 * operator page, where they stay until a run no longer finds them. A list rather than a table of
 * columns: an operator may read it on a phone.
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
  return renderEmail({
    to: input.to,
    subject,
    publicUrl: input.publicUrl,
    greeting: `Hi ${input.firstName},`,
    blocks: [
      intro,
      { list: [...listed.map(lineOf), ...(more > 0 ? [`and ${more} more on the page`] : [])] },
      {
        note: 'A missing journal is money the provider moved that the ledger does not have; an extra journal is the other way round. Each stays on the page until a run no longer finds it.',
      },
      { button: { label: 'Open the reconciliation page', url: input.pageUrl } },
    ],
    footer: 'You get this email as a Rentwise operator, after each daily reconciliation that finds a difference.',
  });
}
