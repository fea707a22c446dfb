import { Link } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { Card } from '../../components/Card';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { paths } from '../../app/paths';

export function SignInPage() {
  return (
    <div className="account-page">
      <div className="account-page__panel">
        <Card padding="lg" className="account-page__card">
          <PageHeader title="Sign In" description="Landlords and tenants sign in here to collect or pay rent." />
          <Notice title="Sign-in opens soon">
            Online sign-in isn’t available yet. Please check back shortly.
          </Notice>
          <Link className="account-page__inline-link" to={paths.forgotPassword.getHref()}>
            Forgot Password
          </Link>
        </Card>
        <p className="account-page__fine-print">
          New landlord? <Link to={paths.signUp.getHref()}>Sign up free</Link>. Tenants are added by their landlord.
        </p>
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
