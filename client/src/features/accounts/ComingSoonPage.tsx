import { Hourglass } from 'lucide-react';
import { useSessionUser, homePathFor } from '../../app/session';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { PageHeader } from '../../components/PageHeader';
import '../../styles/accounts.css';

interface ComingSoonPageProps {
  title: string;
  /** What the page will offer, in a sentence. */
  description: string;
}

/** An honest placeholder for a page a later release builds: never a dead link. */
export function ComingSoonPage({ title, description }: ComingSoonPageProps) {
  const user = useSessionUser();
  const dashboard = homePathFor(user.type);
  return (
    <div className="app-page">
      <PageHeader back={{ to: dashboard, label: 'Dashboard' }} title={title} />
      <Card padding="lg" className="coming-soon">
        <span className="icon-badge icon-badge--lg">
          <Hourglass aria-hidden="true" size={28} />
        </span>
        <h2>Coming soon</h2>
        <p className="muted">{description}</p>
        <Button to={dashboard} variant="secondary">
          Back to Dashboard
        </Button>
      </Card>
    </div>
  );
}
