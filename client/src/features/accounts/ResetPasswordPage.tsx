import { Link, Navigate, useNavigate } from 'react-router-dom';
import { MESSAGES } from '@rentwise/libs/messages';
import { paths } from '../../app/paths';
import { AccountPage } from '../../components/AccountPage';
import { Card } from '../../components/Card';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { showToast } from '../../components/toastStore';
import { useResetPasswordMutation } from './accountsApi';
import { refusalMessage } from '../../app/apiError';
import { NewPasswordForm, PasswordSaveRefused } from './NewPasswordForm';
import { usePasswordLink } from './passwordLink';
import '../../styles/accounts.css';

const requestNewLink = (
  <Link to={paths.forgotPassword.getHref()}>Request a new reset link</Link>
);

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const { email, token } = usePasswordLink();
  const [resetPassword] = useResetPasswordMutation();

  // The spec: without an email in the link there is nothing to reset.
  if (!email) return <Navigate to={paths.home.getHref()} replace />;

  async function save(values: { password: string; confirmPassword: string }) {
    try {
      await resetPassword({ email: email!, token: token ?? '', ...values }).unwrap();
    } catch (error) {
      const message = refusalMessage(error) ?? MESSAGES.noGatewayResponse;
      throw new PasswordSaveRefused(message, message === MESSAGES.linkInvalid ? requestNewLink : undefined);
    }
    showToast(MESSAGES.passwordUpdated, { tone: 'success' });
    await navigate(paths.signIn.getHref(), { replace: true });
  }

  return (
    <AccountPage>
      <Card padding="lg" className="account-page__card">
        <PageHeader title="Reset Password" description={<>Choose a new password for <strong>{email}</strong>.</>} />
        {token ? (
          <NewPasswordForm email={email} submitLabel="Update Password" onSave={save} />
        ) : (
          <Notice tone="danger" title={MESSAGES.linkInvalid}>
            {requestNewLink}
          </Notice>
        )}
      </Card>
    </AccountPage>
  );
}

