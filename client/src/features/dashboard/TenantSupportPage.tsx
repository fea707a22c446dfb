import { Mail } from 'lucide-react';
import { formatCents } from '@rentwise/libs/money';
import { TENANT_PROCESSING_FEE_CENTS } from '@rentwise/libs/fees';
import { supportEmail } from '../../app/config';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { PageHeader } from '../../components/PageHeader';
import '../../styles/accounts.css';

const tenantFee = formatCents(TENANT_PROCESSING_FEE_CENTS);

const TOPICS = [
  {
    question: 'How do I pay my rent?',
    answer:
      'Choose Make a payment on your dashboard, enter the amount, then your card. You get a receipt as soon as the payment goes through.',
  },
  {
    question: 'Is there a fee?',
    answer: `Yes: each payment includes a ${tenantFee} processing fee, added to the amount you enter. You see the total before you confirm.`,
  },
  {
    question: 'Why am I asked to sign in again before paying?',
    answer:
      'To keep your card safe, a payment needs a sign-in from the last 30 minutes. Sign in again and you can continue.',
  },
  {
    question: 'My rent amount or address is wrong',
    answer: 'Your landlord keeps these up to date. Use Contact Landlord on your dashboard to reach them.',
  },
  {
    question: 'I forgot my password',
    answer: 'Sign out, choose Forgot Password on the sign-in page, and we will email you a link to choose a new one.',
  },
];

export function TenantSupportPage() {
  return (
    <div className="app-page">
      <PageHeader back={{ to: paths.tenant.dashboard.getHref(), label: 'Dashboard' }} title="Support & Help" />
      <Card padding="lg" className="faq">
        {TOPICS.map(({ question, answer }) => (
          <details key={question} className="faq__item">
            <summary className="faq__question">{question}</summary>
            <div className="faq__answer">
              <p>{answer}</p>
            </div>
          </details>
        ))}
      </Card>
      <Card padding="lg" className="support-contact">
        <h2>Still need help?</h2>
        <p className="muted">
          Questions about a payment or your account: write to{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a> and we answer within one business day. About your lease
          or rent amount: contact your landlord.
        </p>
        <div className="support-contact__actions">
          {/* A mailto link styled as the page's one primary action (Button renders router links only). */}
          <a className="button button--primary button--md" href={`mailto:${supportEmail}`}>
            <Mail aria-hidden="true" size={18} />
            Email Support
          </a>
          <Button variant="secondary" to={paths.tenant.contactLandlord.getHref()}>
            Contact Landlord
          </Button>
        </div>
      </Card>
    </div>
  );
}
