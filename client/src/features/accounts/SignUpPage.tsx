import { Link } from 'react-router-dom';
import { ArrowLeft, KeyRound } from 'lucide-react';
import { Card } from '../../components/Card';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { paths } from '../../app/paths';

export function SignUpPage() {
  return (
    <div className="account-page">
      <div className="account-page__panel">
        <Card padding="lg" className="account-page__card">
          <PageHeader
            eyebrow="For landlords"
            title="Landlord Sign Up"
            description="Collect rent online for free. We review your registration and email you a setup link within 24 hrs."
          />
          <Notice title="Sign-up opens soon">Online registration isn’t open yet. Please check back shortly.</Notice>
          <p className="account-page__fine-print">
            By clicking Continue, you agree to our <Link to={paths.termsOfUse.getHref()}>Terms</Link> and{' '}
            <Link to={paths.privacyPolicy.getHref()}>Privacy Policy</Link>.
          </p>
        </Card>
        <aside className="tenant-aside" aria-labelledby="tenant-aside-title">
          <KeyRound className="tenant-aside__icon" aria-hidden="true" size={20} />
          <div>
            <h2 id="tenant-aside-title" className="tenant-aside__title">
              Are you a tenant?
            </h2>
            <p className="muted">
              Tenants don’t sign up here. Ask your landlord to add you to Rentwise, or check your inbox and junk folder
              for an email from Rentwise with a link to create your password.
            </p>
          </div>
        </aside>
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
