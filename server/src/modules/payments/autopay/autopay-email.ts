import { formatCents } from '@rentwise/libs/money';
import { type EmailBlock, renderEmail } from '../../../infrastructure/mail/email-layout';
import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';
import type { AutopayEmailOccasion } from './send-autopay-email.job';

/** Where autopay emails link to, on the product's address (PUBLIC_URL). */
export const AUTOPAY_LINKS = {
  autopay: '/tenant/autopay',
  payRent: '/tenant/payment',
  landlordTenants: '/landlord/tenants',
} as const;

export interface AutopayEmailInput {
  occasion: AutopayEmailOccasion;
  method: 'bank_account' | 'card';
  toLandlord: boolean;
  to: string;
  firstName: string;
  tenantName: string;
  propertyAddress: string;
  monthLabel: string;
  amountCents: number;
  at: Date | null;
  reason: string | null;
  timeZone: string;
  publicUrl: string;
}

const dayOf = (date: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone }).format(date);

const url = (publicUrl: string, path: string): string => new URL(path, publicUrl).toString();

const TENANT_FOOTER = 'You get this email because autopay is on for your rent. You can change, skip or turn it off on your Autopay page.';

/** An autopay email to the tenant, or to the landlord when autopay turned itself off. */
export function autopayEmail(input: AutopayEmailInput): SendEmailJob {
  const amount = formatCents(input.amountCents);
  const byCard = input.method === 'card';
  const manage = { link: { lead: `Change the day, the amount or the ${byCard ? 'card' : 'account'}, skip this month or turn autopay off:`, label: 'your Autopay page', url: url(input.publicUrl, AUTOPAY_LINKS.autopay) } } as const;
  const payByHand = { button: { label: 'Pay rent', url: url(input.publicUrl, AUTOPAY_LINKS.payRent) } } as const;
  const reason: EmailBlock[] = input.reason ? [{ callout: { label: 'The reason', text: input.reason } }] : [];
  const greeting = `Hi ${input.firstName},`;
  const base = { to: input.to, publicUrl: input.publicUrl, greeting };

  if (input.occasion === 'turned_off' && input.toLandlord) {
    return renderEmail({
      ...base,
      subject: `Autopay is off for ${input.tenantName}`,
      blocks: [
        `Two automatic rent payments in a row from ${input.tenantName} for ${input.propertyAddress} did not go through, so autopay has turned itself off. ${input.tenantName} has been told and asked to pay by hand.`,
        ...reason,
        { button: { label: 'See your tenants', url: url(input.publicUrl, AUTOPAY_LINKS.landlordTenants) } },
      ],
      footer: 'You get this email because a tenant of yours used autopay.',
    });
  }
  const when = input.at ? dayOf(input.at, input.timeZone) : '';
  const content = {
    notice: {
      subject: `Autopay will pay ${amount} on ${when}`,
      blocks: [
        `On ${when}, autopay will pay your rent for ${input.monthLabel} for ${input.propertyAddress} ${byCard ? 'with your card' : 'from your bank account'}.`,
        { table: [['Amount (today’s estimate)', amount], ['Date', when]] as [string, string][] },
        ...(byCard ? ['The card processing fee is added to the amount, as when you pay by card yourself.'] : []),
        'The amount is what you owe on that day, so a payment you make by hand before then is taken off it.',
        manage,
      ],
    },
    retrying: {
      subject: `Your automatic rent payment of ${amount} was returned; we’ll try again on ${when}`,
      blocks: [
        `Your bank returned the automatic payment of ${amount} for ${input.monthLabel} for ${input.propertyAddress}.`,
        ...reason,
        { emphasis: `Autopay will try once more on ${when}. If you would rather pay now another way, pay by hand and the retry will take only what is still owed.` },
        payByHand,
        manage,
      ],
    },
    failed: {
      subject: `Your automatic rent payment of ${amount} did not go through`,
      blocks: [
        `The automatic payment of ${amount} for ${input.monthLabel} for ${input.propertyAddress} did not go through, and it will not be tried again. Please pay your rent by hand.`,
        ...reason,
        'Autopay stays on for next month.',
        payByHand,
        manage,
      ],
    },
    turned_off: {
      subject: 'Autopay is off: please pay your rent by hand',
      blocks: [
        `Two automatic payments in a row did not go through, so autopay for ${input.propertyAddress} has turned itself off. Please pay your rent by hand; you can turn autopay on again with another ${byCard ? 'card or bank account' : 'bank account'}.`,
        ...reason,
        payByHand,
        manage,
      ],
    },
  }[input.occasion];
  return renderEmail({ ...base, subject: content.subject, blocks: content.blocks, footer: TENANT_FOOTER });
}
