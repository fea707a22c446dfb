import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MailCheck } from 'lucide-react';
import { MESSAGES } from '@rentwise/libs/messages';
import { paths } from '../../app/paths';
import { refusalMessage } from '../../app/apiError';
import { AccountPage } from '../../components/AccountPage';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { showToast } from '../../components/toastStore';
import { useConfirmEmailMutation } from './accountsApi';
import '../../styles/accounts.css';

function Confirmed({ email }: { email: string }) {
  return (
    <Card padding="lg" className="account-page__card account-page__card--centered">
      <span className="icon-badge icon-badge--lg">
        <MailCheck aria-hidden="true" size={28} />
      </span>
      <PageHeader
        title="Email confirmed"
        description={
          <>
            From now on you sign in with <strong>{email}</strong>. Anywhere else you were signed in, you have been signed out.
          </>
        }
      />
      {/* Signed in, the sign-in page goes on to the person's own pages. */}
      <Button to={paths.signIn.getHref()} size="lg" fullWidth>
        Continue
      </Button>
    </Card>
  );
}

/**
 * /account/confirm-email?token=...: the link sent to a new email address. The change happens on the
 * button, not on opening the page, so a mail scanner that follows links changes nothing.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const [confirmEmail, { isLoading }] = useConfirmEmailMutation();
  const [confirmed, setConfirmed] = useState<string>();
  const [failure, setFailure] = useState<string | undefined>(token ? undefined : MESSAGES.linkInvalid);

  async function confirm() {
    if (!token) return;
    setFailure(undefined);
    try {
      const { email } = await confirmEmail({ token }).unwrap();
      showToast(MESSAGES.updated, { tone: 'success' });
      setConfirmed(email);
    } catch (error) {
      setFailure(refusalMessage(error) ?? MESSAGES.noGatewayResponse);
    }
  }

  return (
    <AccountPage>
      {confirmed ? (
        <Confirmed email={confirmed} />
      ) : (
        <Card padding="lg" className="account-page__card">
          <PageHeader
            title="Confirm your new email"
            description="You asked to sign in to Rentwise with this email address from now on. Confirm it to make the change."
          />
          <div className="account-form">
            {failure && (
              <div role="alert">
                <Notice tone="warning" title={failure}>
                  {failure === MESSAGES.linkInvalid && 'To get a new link, change your email again on Personal Information.'}
                </Notice>
              </div>
            )}
            {token && (
              <Button size="lg" fullWidth isLoading={isLoading} onClick={() => void confirm()}>
                Confirm Email
              </Button>
            )}
          </div>
        </Card>
      )}
    </AccountPage>
  );
}
