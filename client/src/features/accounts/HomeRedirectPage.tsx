import { useEffect } from 'react';
import { Clock } from 'lucide-react';
import { api } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { paths } from '../../app/paths';
import { AccountPage } from '../../components/AccountPage';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { PageHeader } from '../../components/PageHeader';
import '../../styles/accounts.css';

/** Where an ended or missing session lands (spec: /home-redirect). */
export function HomeRedirectPage() {
  const dispatch = useAppDispatch();
  // Nothing of the previous person's data may linger for whoever uses this browser next.
  useEffect(() => {
    dispatch(api.util.resetApiState());
  }, [dispatch]);

  return (
    <AccountPage>
      <Card padding="lg" className="account-page__card account-page__card--centered">
        <span className="icon-badge icon-badge--lg">
          <Clock aria-hidden="true" size={28} />
        </span>
        <PageHeader
          title="Your session has ended"
          description="For your security, you were signed out. Please sign in again to continue."
        />
        <Button to={paths.signIn.getHref()} size="lg" fullWidth>
          Sign In
        </Button>
      </Card>
    </AccountPage>
  );
}
