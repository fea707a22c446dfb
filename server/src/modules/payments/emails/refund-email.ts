import { formatCents } from '@rentwise/libs/money';
import { refundEmailSentence } from '@rentwise/libs/refunds';
import { renderEmail } from '../../../infrastructure/mail/email-layout';
import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';

export interface RefundEmailInput {
  to: string;
  firstName: string;
  landlordName: string;
  refundedCents: number;
  /** What the payment charged. */
  chargedCents: number;
  paidAt: Date;
  reason: string;
  /** What the payment comes to after every refund. */
  remainingCents: number;
  /** The card or bank account it goes back to ('Visa •••• 4242'). */
  paymentMethod: string;
  timeZone: string;
  receiptUrl: string;
  publicUrl: string;
}

const dayOf = (date: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone }).format(date);

/** To the tenant: 'Your landlord refunded $X of your payment of $Y on <date>: <reason>', where it goes, and the receipt. */
export function refundEmail(input: RefundEmailInput): SendEmailJob {
  const refunded = formatCents(input.refundedCents);
  return renderEmail({
    to: input.to,
    subject: `${input.landlordName} refunded ${refunded} of your rent payment`,
    publicUrl: input.publicUrl,
    greeting: `Hi ${input.firstName},`,
    blocks: [
      `${refundEmailSentence(input.refundedCents, input.chargedCents, dayOf(input.paidAt, input.timeZone), input.reason)}`,
      `It goes back to ${input.paymentMethod}; your bank usually shows it within 5 to 10 business days. ` +
        (input.remainingCents > 0 ? `With it, your payment comes to ${formatCents(input.remainingCents)}.` : 'All of your payment has now been refunded.'),
      { button: { label: 'View receipt', url: input.receiptUrl } },
    ],
    footer: 'You get this email because your landlord refunded a rent payment you made on Rentwise.',
  });
}
