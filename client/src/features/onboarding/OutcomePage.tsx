import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeft, type LucideIcon } from 'lucide-react';
import { paths } from '../../app/paths';
import { Card } from '../../components/Card';
import { PageHeader } from '../../components/PageHeader';
import './onboarding.css';

interface OutcomePageProps {
  icon: LucideIcon;
  tone?: 'info' | 'success' | 'danger';
  title: string;
  children: ReactNode;
}

/** The frame of the pages that say what just happened in onboarding and what comes next. */
export function OutcomePage({ icon: Icon, tone = 'info', title, children }: OutcomePageProps) {
  return (
    <div className="account-page">
      <div className="account-page__panel">
        <Card padding="lg" className="account-page__card onboarding-outcome">
          <span className={`onboarding-outcome__icon onboarding-outcome__icon--${tone}`}>
            <Icon aria-hidden="true" size={28} />
          </span>
          <PageHeader title={title} />
          {children}
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
