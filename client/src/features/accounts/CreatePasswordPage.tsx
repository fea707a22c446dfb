import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { CircleCheck, PartyPopper } from 'lucide-react';
import { MESSAGES } from '@rentwise/libs/messages';
import { paths } from '../../app/paths';
import { supportEmail } from '../../app/config';
import { AccountPage } from '../../components/AccountPage';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { showToast } from '../../components/toastStore';
import { useCheckActivatedQuery, useSetPasswordMutation } from './accountsApi';
import { refusalMessage, statusOf } from '../../app/apiError';
import { NewPasswordForm, PasswordSaveRefused } from './NewPasswordForm';
import { usePasswordLink } from './passwordLink';
import '../../styles/accounts.css';

type Outcome = 'created' | 'alreadyActivated';

function Done({ outcome }: { outcome: Outcome }) {
  const created = outcome === 'created';
  return (
    <Card padding="lg" className="account-page__card account-page__card--centered">
      <span className="icon-badge icon-badge--lg">
        {created ? <PartyPopper aria-hidden="true" size={28} /> : <CircleCheck aria-hidden="true" size={28} />}
      </span>
      <PageHeader
        title={created ? 'Thank you!' : 'Already Activated'}
        description={
          created
            ? 'Your password is set and your account is ready. Sign in to get started.'
            : 'This account already has a password. Sign in with it, or reset it if you have forgotten it.'
        }
      />
      <Button to={paths.signIn.getHref()} size="lg" fullWidth>
        {created ? 'Continue to Sign In' : 'Continue to sign-in'}
      </Button>
    </Card>
  );
}

function CreatePasswordForm({ email, token }: { email: string; token: string }) {
  const state = useCheckActivatedQuery({ email, token });
  const [setPassword] = useSetPasswordMutation();
  const [outcome, setOutcome] = useState<Outcome>();

  if (outcome) return <Done outcome={outcome} />;
  if (state.data?.activated) return <Done outcome="alreadyActivated" />;
  // A network failure says nothing about the link: the form stays, and the server checks again on submit.
  const linkRefused = (state.data && !state.data.linkValid) || (state.isError && statusOf(state.error) === 400);

  async function save(values: { password: string; confirmPassword: string }) {
    try {
      await setPassword({ email, token, ...values }).unwrap();
    } catch (error) {
      if (statusOf(error) === 409) {
        setOutcome('alreadyActivated');
        showToast(MESSAGES.passwordAlreadyCreated, { tone: 'info' });
        return;
      }
      throw new PasswordSaveRefused(refusalMessage(error) ?? MESSAGES.noGatewayResponse);
    }
    showToast(MESSAGES.passwordCreated, { tone: 'success' });
    setOutcome('created');
  }

  return (
    <Card padding="lg" className="account-page__card">
      <PageHeader
        title="Create Password"
        description={<>Choose the password you will sign in with as <strong>{email}</strong>.</>}
      />
      {state.isLoading ? (
        <div className="account-form" aria-busy="true">
          <Skeleton height="4.5rem" shape="block" />
          <Skeleton height="4.5rem" shape="block" />
        </div>
      ) : linkRefused ? (
        <Notice tone="warning" title={MESSAGES.activationLinkInvalid}>
          Landlords can write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>; tenants can ask their landlord to
          send the invitation again.
        </Notice>
      ) : (
        <NewPasswordForm email={email} submitLabel="Create Password" onSave={save} />
      )}
    </Card>
  );
}

/** Step 2 of a landlord's first email, and a tenant's or operator's invitation: the first password. */
export function CreatePasswordPage() {
  const { email, token } = usePasswordLink();
  if (!email) return <Navigate to={paths.home.getHref()} replace />;

  return (
    <AccountPage>
      {token ? (
        <CreatePasswordForm email={email} token={token} />
      ) : (
        <Card padding="lg" className="account-page__card">
          <PageHeader title="Create Password" />
          <Notice tone="danger" title={MESSAGES.activationLinkInvalid} />
        </Card>
      )}
    </AccountPage>
  );
}
