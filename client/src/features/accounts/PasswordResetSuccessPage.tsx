import { Link } from 'react-router-dom';
import { MailCheck } from 'lucide-react';
import { paths } from '../../app/paths';
import { AccountPage } from '../../components/AccountPage';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { PageHeader } from '../../components/PageHeader';
import '../../styles/accounts.css';

export function PasswordResetSuccessPage() {
  return (
    <AccountPage links={<Link to={paths.forgotPassword.getHref()}>Didn’t get it? Send another link</Link>}>
      <Card padding="lg" className="account-page__card account-page__card--centered">
        <span className="icon-badge icon-badge--lg">
          <MailCheck aria-hidden="true" size={28} />
        </span>
        <PageHeader
          title="Check your email"
          description="If that email belongs to a Rentwise account, a link to reset your password is on its way."
        />
        <p className="muted">
          It can take a minute to arrive. Check your junk or spam folder too. The link works once, for one hour.
        </p>
        <Button to={paths.signIn.getHref()} size="lg" fullWidth>
          Back to Sign In
        </Button>
      </Card>
    </AccountPage>
  );
}
