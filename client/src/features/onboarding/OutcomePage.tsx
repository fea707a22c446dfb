import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { AccountPage } from '../../components/AccountPage';
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
    <AccountPage>
      <Card padding="lg" className="account-page__card onboarding-outcome">
        <span className={`onboarding-outcome__icon onboarding-outcome__icon--${tone}`}>
          <Icon aria-hidden="true" size={28} />
        </span>
        <PageHeader title={title} />
        {children}
      </Card>
    </AccountPage>
  );
}
