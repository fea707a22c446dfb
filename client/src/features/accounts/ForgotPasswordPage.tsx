import { Link } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { Card } from '../../components/Card';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { paths } from '../../app/paths';

export function ForgotPasswordPage() {
  return (
    <div className="account-page">
      <div className="account-page__panel">
        <Card padding="lg" className="account-page__card">
          <PageHeader
            back={{ to: paths.signIn.getHref(), label: 'Back to Sign In' }}
            title="Forgot Password"
            description="We’ll email you a link to reset your password. If it doesn’t arrive, check your junk folder."
          />
          <Notice title="Password reset opens soon">
            Resetting a password online isn’t available yet. Please check back shortly.
          </Notice>
        </Card>
        <div className="account-page__links">
          <Link to={paths.home.getHref()}>
            <ArrowLeft aria-hidden="true" size={18} />
            Return to Homepage
          </Link>
        </div>
      </div>
    </div>
  );
}
