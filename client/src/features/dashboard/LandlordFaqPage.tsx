import type { ReactNode } from 'react';
import { formatCents } from '@rentwise/libs/money';
import { BILLING_CUTOFF_DAY } from '@rentwise/libs/billing-month';
import { TENANT_PROCESSING_FEE_CENTS } from '@rentwise/libs/fees';
import { supportEmail } from '../../app/config';
import { paths } from '../../app/paths';
import { Card } from '../../components/Card';
import { PageHeader } from '../../components/PageHeader';
import '../../styles/accounts.css';

const tenantFee = formatCents(TENANT_PROCESSING_FEE_CENTS);

const QUESTIONS: { question: string; answer: ReactNode }[] = [
  {
    question: 'What does Rentwise cost?',
    answer: (
      <p>
        Nothing for landlords: signing up is free and Rentwise takes no cut of your rent. Card payments carry a 3%
        processing fee, which the payment processor (Stripe) collects, not Rentwise. The fee is usually tax deductible
        as a business expense.
      </p>
    ),
  },
  {
    question: 'Can I avoid the 3% processing fee?',
    answer: (
      <p>
        Many landlords raise the rent by 3% to cover it, so what reaches them is the same as before. Whether to do
        that is up to you and your lease.
      </p>
    ),
  },
  {
    question: 'When does the money reach my bank account?',
    answer: (
      <p>
        Payouts arrive in about 3 days after a tenant pays, on the payment processor’s standard schedule. Use View
        Stripe Account on your dashboard to see every payout and its arrival date.
      </p>
    ),
  },
  {
    question: 'How long does the review of my registration take?',
    answer: (
      <p>
        We review every registration within 24 hrs. Once approved, you get an email with two steps: connect your
        payout account, then create your password.
      </p>
    ),
  },
  {
    question: 'How do my tenants get on Rentwise?',
    answer: (
      <p>
        Tenants cannot sign up on their own: you add them. Open Manage Tenants, pick the property and choose Add a
        Tenant. We email them a link to create their password; after that they can sign in and pay. Ask them to check
        their junk folder if it doesn’t arrive.
      </p>
    ),
  },
  {
    question: 'Do my tenants pay a fee?',
    answer: (
      <p>
        Yes: every tenant payment made since July 1st 2023 includes a {tenantFee} processing fee, added to the amount
        they enter. Tenants see it before they confirm, and in their payment history.
      </p>
    ),
  },
  {
    question: 'Which month does a payment count toward?',
    answer: (
      <p>
        A payment made on or before the {BILLING_CUTOFF_DAY}th of a month counts toward that month; a payment after
        the {BILLING_CUTOFF_DAY}th counts toward the next month. Payment History groups payments this way.
      </p>
    ),
  },
  {
    question: 'How many properties can I add?',
    answer: <p>As many as you like: there is no limit on properties or tenants.</p>,
  },
];

export function LandlordFaqPage() {
  return (
    <div className="app-page">
      <PageHeader
        back={{ to: paths.landlord.dashboard.getHref(), label: 'Dashboard' }}
        title="FAQ"
        description="Fees, payouts, review and tenants: the answers landlords ask for most."
      />
      <Card padding="lg" className="faq">
        {QUESTIONS.map(({ question, answer }) => (
          <details key={question} className="faq__item">
            <summary className="faq__question">{question}</summary>
            <div className="faq__answer">{answer}</div>
          </details>
        ))}
      </Card>
      <p className="muted">
        Still have a question? Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>; we answer within one
        business day.
      </p>
    </div>
  );
}
