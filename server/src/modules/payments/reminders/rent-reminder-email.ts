import { formatCents } from '@rentwise/libs/money';
import type { TenantReminderOccasion } from '@rentwise/libs/rent-reminders';
import type { UnpaidBalanceRow } from '@rentwise/libs/unpaid-balances';
import { type EmailBlock, renderEmail } from '../../../infrastructure/mail/email-layout';
import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';

/** Where the reminders link to, on the product's address (PUBLIC_URL). */
export const REMINDER_LINKS = {
  payRent: '/tenant/payment',
  tenantLedger: '/tenant/ledger',
  tenantSettings: '/tenant/info',
  whoOwesWhat: '/landlord/balances',
  landlordProperties: '/landlord/properties?mode=address',
} as const;

export interface TenantReminderEmailInput {
  occasion: TenantReminderOccasion;
  to: string;
  firstName: string;
  propertyAddress: string;
  /** 'March 2025': the rent's month, or the late fee's. */
  monthLabel: string;
  /** The month's due date. */
  dueAt: Date;
  rentCents: number;
  /** What the tenant owes as the email is written. */
  balanceCents: number;
  /** The late fee of a late fee notice. */
  lateFeeCents: number | null;
  timeZone: string;
  publicUrl: string;
}

const dayOf = (date: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone }).format(date);

const url = (publicUrl: string, path: string): string => new URL(path, publicUrl).toString();

const TENANT_FOOTER = 'You get this email because rent reminders are on for your home. You can turn them off on your Personal information page.';

/** A reminder to a tenant (decision 0041): what is due or owed, and one button to pay. */
export function tenantReminderEmail(input: TenantReminderEmailInput): SendEmailJob {
  const rent = formatCents(input.rentCents);
  const balance = formatCents(input.balanceCents);
  const due = dayOf(input.dueAt, input.timeZone);
  const { subject, lead } = {
    due_soon: { subject: `Your rent of ${rent} is due on ${due}`, lead: `A reminder: your rent for ${input.propertyAddress} is due in 3 days, on ${due}.` },
    due_today: { subject: `Your rent of ${rent} is due today`, lead: `Your rent for ${input.propertyAddress} is due today, ${due}.` },
    late: {
      subject: `Your rent is late: ${balance} is still owed`,
      lead: `Your rent for ${input.propertyAddress}, due on ${due}, has not been paid in full, and the grace period has ended.`,
    },
    late_fee: {
      subject: `A late fee of ${formatCents(input.lateFeeCents ?? 0)} was added to your rent`,
      lead: `A late fee of ${formatCents(input.lateFeeCents ?? 0)} was added for ${input.propertyAddress}, by your lease's terms, because the rent due on ${due} was late.`,
    },
  }[input.occasion];
  const table: [string, string][] = [
    [`Rent for ${input.monthLabel}`, rent],
    ['Your balance now', balance],
  ];
  if (input.occasion === 'late_fee') table.splice(1, 0, ['Late fee', formatCents(input.lateFeeCents ?? 0)]);
  const blocks: EmailBlock[] = [
    lead,
    { table },
    ...(input.occasion === 'late' || input.occasion === 'late_fee' ? ['If you have paid in the last few days, thank you: a bank payment can take a few days to show.'] : []),
    { button: { label: 'Pay rent', url: url(input.publicUrl, REMINDER_LINKS.payRent) } },
    { link: { lead: 'Every charge and payment:', label: 'your ledger', url: url(input.publicUrl, REMINDER_LINKS.tenantLedger) } },
    { link: { lead: 'No more reminders?', label: 'Turn them off', url: url(input.publicUrl, REMINDER_LINKS.tenantSettings) } },
  ];
  return renderEmail({ to: input.to, subject, publicUrl: input.publicUrl, greeting: `Hi ${input.firstName},`, blocks, footer: TENANT_FOOTER });
}

export interface WeeklySummaryEmailInput {
  to: string;
  firstName: string;
  /** Tenants owing rent, largest balance first. */
  rows: readonly UnpaidBalanceRow[];
  publicUrl: string;
}

/** The landlord's Monday summary: who owes rent, how much and how late, and a link to the whole list. */
export function weeklySummaryEmail(input: WeeklySummaryEmailInput): SendEmailJob {
  const total = input.rows.reduce((sum, row) => sum + row.balanceCents, 0);
  const count = input.rows.length === 1 ? '1 tenant owes' : `${input.rows.length} tenants owe`;
  const late = (days: number) => (days === 0 ? 'not late yet' : days === 1 ? '1 day late' : `${days} days late`);
  return renderEmail({
    to: input.to,
    subject: `Unpaid rent this week: ${count} ${formatCents(total)}`,
    publicUrl: input.publicUrl,
    greeting: `Hi ${input.firstName},`,
    blocks: [
      `This week ${count} you ${formatCents(total)} in all.`,
      { table: input.rows.map((row): [string, string] => [`${row.tenantName}, ${row.propertyAddress}`, `${formatCents(row.balanceCents)} (${late(row.daysLate)})`]) },
      { button: { label: 'See who owes what', url: url(input.publicUrl, REMINDER_LINKS.whoOwesWhat) } },
      { link: { lead: 'Choose which reminders go out for each property on its', label: 'Reminders page', url: url(input.publicUrl, REMINDER_LINKS.landlordProperties) } },
    ],
    footer: 'You get this email on Mondays while tenants of your properties owe rent and the weekly summary is on for them.',
  });
}
