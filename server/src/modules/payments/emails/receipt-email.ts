import { tenantChargeParts } from '@rentwise/libs/fees';
import { BANK_DEBIT_SETTLEMENT_BUSINESS_DAYS } from '@rentwise/libs/bank-debits';
import { formatCents } from '@rentwise/libs/money';
import { renderEmail } from '../../../infrastructure/mail/email-layout';
import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';
import type { ReceiptView } from '../receipts/receipt-view';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/New_York' });

/**
 * What the tenant paid and what it was made of: the fee pays for the card processing and is not the
 * landlord's, so the email does not say the landlord was paid it.
 */
function paidFor(receipt: ReceiptView): string {
  const feeCents = receipt.tenantFeeCents ?? tenantChargeParts(receipt.amountCents, new Date(receipt.paidAt)).processingFeeCents;
  const rentCents = receipt.amountCents - feeCents;
  const total = formatCents(receipt.amountCents);
  if (feeCents === 0) return `You paid ${total} in rent to ${receipt.paidTo}.`;
  const fee = receipt.status === 'Processing' ? 'bank fee' : 'processing fee';
  return `You paid ${total} (${formatCents(rentCents)} rent + ${formatCents(feeCents)} ${fee}); the rent goes to ${receipt.paidTo}.`;
}

/**
 * The tenant's receipt once a payment is made: a card payment, paid; a bank payment, on its way
 * (Processing: the bank takes days, and a failure sends its own email). The receipt screen's fields
 * and a link to it.
 */
export function receiptEmail(to: string, tenantFirstName: string, receipt: ReceiptView, receiptUrl: string, publicUrl: string): SendEmailJob {
  const amount = formatCents(receipt.amountCents);
  const processing = receipt.status === 'Processing';
  return renderEmail({
    to,
    subject: processing ? `Your bank payment of ${amount} to ${receipt.paidTo} is on its way` : `Your rent payment of ${amount} to ${receipt.paidTo}`,
    publicUrl,
    greeting: `Hi ${tenantFirstName},`,
    blocks: [
      `Thank you for your payment. ${paidFor(receipt)}`,
      ...(processing
        ? [
            `Your bank usually takes about ${BANK_DEBIT_SETTLEMENT_BUSINESS_DAYS} business days to send it. Your payment counts from today; ` +
              'if the bank returns it, we will email you.',
          ]
        : []),
      { heading: 'Payment Receipt' },
      {
        table: [
          ['Status', receipt.status],
          ['Amount Paid', amount],
          ['Date Paid', dateFormat.format(new Date(receipt.paidAt))],
          ['Paid By', receipt.paidBy],
          ['Paid To', receipt.paidTo],
          ['Payment Method', receipt.paymentMethod],
          ['Property', receipt.propertyAddress],
          ['TransactionID', receipt.transactionId],
        ],
      },
      { button: { label: 'View receipt', url: receiptUrl } },
    ],
    footer: 'Keep this email as your receipt: it is also in your payment history on Rentwise.',
  });
}
